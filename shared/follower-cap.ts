// How production answers an account's followers to an outsider (service-facts.md): only about the first
// 50, in one page, whatever the account's follower count. The simulator, the estimates and the screens
// that end a followers list all use this one figure.

/** Followers the service shows an outsider of any account. */
export const FOLLOWER_CAP = 50;

/** The sentence where a capped followers list ends: `shown` were answered of the `reported` the profile counts. */
export function followerCapNote(shown: number, reported: number): string {
  return `The service shows outsiders only about the first ${FOLLOWER_CAP} followers: ${shown.toLocaleString('en-US')} of ${reported.toLocaleString('en-US')}.`;
}

/** Whether a followers list that ended holds fewer than the profile reports because of the cap. */
export function isCappedFollowers(shown: number, reported: number | null): reported is number {
  return reported !== null && reported > shown && shown <= FOLLOWER_CAP;
}
