export default function IngredientsPage() {
  return <main className="page"><h1>Ingredients</h1></main>;
}
