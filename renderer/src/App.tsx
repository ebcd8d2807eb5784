export function App() {
  return (
    <main data-testid="app-root">
      <h1>Feedlens</h1>
    </main>
  );
}
