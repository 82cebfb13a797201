export default function CategoryPage() {
  return <main className="page"><h1>Category</h1></main>;
}
