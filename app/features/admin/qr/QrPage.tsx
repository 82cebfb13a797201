export default function QrPage() {
  return <main className="page"><h1>Qr</h1></main>;
}
