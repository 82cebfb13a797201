export default function MenuLookupPage() {
  return <main className="page"><h1>Menu Lookup</h1></main>;
}
