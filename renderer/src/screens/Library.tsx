// Placeholder: being built.
export function LibraryScreen() {
  return <div className="page"><h1>Library</h1></div>;
}
