export default function VenueProfilePage() {
  return <main className="page"><h1>Venue Profile</h1></main>;
}
