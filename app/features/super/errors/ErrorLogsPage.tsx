export default function ErrorLogsPage() {
  return <main className="page"><h1>Error Logs</h1></main>;
}
