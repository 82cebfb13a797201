export default function VibeMixerPage() {
  return <main className="page"><h1>Vibe Mixer</h1></main>;
}
