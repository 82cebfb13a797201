export default function NormalizePage() {
  return <main className="page"><h1>Normalize</h1></main>;
}
