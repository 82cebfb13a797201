export default function LowStockPage() {
  return <main className="page"><h1>Low Stock</h1></main>;
}
