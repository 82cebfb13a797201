export default function DrinkPage() {
  return <main className="page"><h1>Drink</h1></main>;
}
