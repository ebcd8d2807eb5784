// Placeholder: being built.
export function StoryViewerScreen() {
  return <div className="page"><h1>StoryViewer</h1></div>;
}
