// Placeholder: being built.
export function PostScreen() {
  return <div className="page"><h1>Post</h1></div>;
}
