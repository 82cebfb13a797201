export default function OrderConfirmationPage() {
  return <main className="page"><h1>Order Confirmation</h1></main>;
}
