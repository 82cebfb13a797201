export default function VenuesPage() {
  return <main className="page"><h1>Venues</h1></main>;
}
