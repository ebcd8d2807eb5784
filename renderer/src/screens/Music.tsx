// Placeholder: being built.
export function MusicScreen() {
  return <div className="page"><h1>Music</h1></div>;
}
