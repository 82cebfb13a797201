export default function DevCheckPage() {
  return <main className="page"><h1>Dev Check</h1></main>;
}
