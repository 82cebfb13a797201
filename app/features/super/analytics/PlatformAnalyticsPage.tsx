export default function PlatformAnalyticsPage() {
  return <main className="page"><h1>Platform Analytics</h1></main>;
}
