// Numbers in the user's locale through Intl.NumberFormat ("5,484").
const formats = new Map<string, Intl.NumberFormat>();

/** The exact number, grouped for reading. */
export function formatNumber(n: number, locale?: string): string {
  const key = locale ?? '';
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale);
    formats.set(key, format);
  }
  return format.format(n);
}
