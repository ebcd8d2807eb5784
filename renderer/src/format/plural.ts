// Plural words through Intl.PluralRules. The UI is written in English, so the English rules choose the
// form: "1 item", "0 items", "2.5 items".
const rules = new Intl.PluralRules('en');

/** The word for `n` things: `one` for a single one, else `other`. */
export function plural(n: number, one: string, other: string): string {
  return rules.select(n) === 'one' ? one : other;
}
