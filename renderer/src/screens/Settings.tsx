// Placeholder: being built.
export function SettingsScreen() {
  return <div className="page"><h1>Settings</h1></div>;
}
