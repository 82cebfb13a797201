export default function AiCocktailsPage() {
  return <main className="page"><h1>Ai Cocktails</h1></main>;
}
