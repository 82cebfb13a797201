export default function StaffInventoryPage() {
  return <main className="page"><h1>Staff Inventory</h1></main>;
}
