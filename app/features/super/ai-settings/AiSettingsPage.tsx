export default function AiSettingsPage() {
  return <main className="page"><h1>Ai Settings</h1></main>;
}
