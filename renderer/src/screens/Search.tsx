// Placeholder: being built.
export function SearchScreen() {
  return <div className="page"><h1>Search</h1></div>;
}
