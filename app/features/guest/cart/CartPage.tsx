export default function CartPage() {
  return <main className="page"><h1>Cart</h1></main>;
}
