export default function OrderHistoryPage() {
  return <main className="page"><h1>Order History</h1></main>;
}
