// Placeholder: being built.
export function RequestLogScreen() {
  return <div className="page"><h1>RequestLog</h1></div>;
}
