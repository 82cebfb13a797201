export default function OverviewPage() {
  return <main className="page"><h1>Overview</h1></main>;
}
