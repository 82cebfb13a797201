export default function ChatPage() {
  return <main className="page"><h1>Chat</h1></main>;
}
