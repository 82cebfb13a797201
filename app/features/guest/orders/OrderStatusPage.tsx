export default function OrderStatusPage() {
  return <main className="page"><h1>Order Status</h1></main>;
}
