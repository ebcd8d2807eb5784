// Placeholder: being built.
export function ProfileScreen() {
  return <div className="page"><h1>Profile</h1></div>;
}
