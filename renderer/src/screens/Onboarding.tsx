// Placeholder: being built.
export function OnboardingScreen() {
  return <div className="page"><h1>Onboarding</h1></div>;
}
