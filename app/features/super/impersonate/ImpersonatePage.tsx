export default function ImpersonatePage() {
  return <main className="page"><h1>Impersonate</h1></main>;
}
