// Placeholder: being built.
export function DownloadsScreen() {
  return <div className="page"><h1>Downloads</h1></div>;
}
