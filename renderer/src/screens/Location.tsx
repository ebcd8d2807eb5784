// Placeholder: being built.
export function LocationScreen() {
  return <div className="page"><h1>Location</h1></div>;
}
