// What the first screen offers to try in demo mode: accounts, a hashtag and a place that exist in the
// simulator's world (test/unit/electron/simulator/demo-tries.test.ts checks each one). They are only names:
// trying one runs the normal lookup, and the simulator answers it as the service would.
export interface DemoTries {
  /** Usernames, without @: a large creator, a business with its own place, a private account. */
  accounts: readonly string[];
  hashtag: string;
  /** A place's name, searched for in the Places tab. */
  place: string;
}

export const DEMO_TRIES: DemoTries = {
  accounts: ['skyward.atlas', 'cafelumiere.paris', 'elif.notebook'],
  hashtag: 'coffee',
  place: 'Café Lumière',
};
