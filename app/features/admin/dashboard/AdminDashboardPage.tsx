export default function AdminDashboardPage() {
  return <main className="page"><h1>Admin Dashboard</h1></main>;
}
