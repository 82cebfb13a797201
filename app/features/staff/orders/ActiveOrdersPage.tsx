export default function ActiveOrdersPage() {
  return <main className="page"><h1>Active Orders</h1></main>;
}
