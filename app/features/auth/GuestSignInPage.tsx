export default function GuestSignInPage() {
  return <main className="page"><h1>Guest Sign In</h1></main>;
}
