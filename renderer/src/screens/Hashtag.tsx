// Placeholder: being built.
export function HashtagScreen() {
  return <div className="page"><h1>Hashtag</h1></div>;
}
