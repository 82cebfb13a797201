export default function AnalyticsPage() {
  return <main className="page"><h1>Analytics</h1></main>;
}
