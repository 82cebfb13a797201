export default function DiagnosticsPage() {
  return <main className="page"><h1>Diagnostics</h1></main>;
}
