// Reads back the FILES section of an export's README.txt (electron/export/readme.ts): each file named
// there, with the columns it lists (null when it lists none).

export function readmeListing(text: string): Map<string, string[] | null> {
  const lines = text.split('\r\n');
  const start = lines.indexOf('FILES');
  if (start < 0) throw new Error('README: no FILES section');
  const out = new Map<string, string[] | null>();
  let file: string | null = null;
  let columns: string | null = null;
  const flush = () => {
    if (file !== null) out.set(file, columns === null ? null : columns.split(',').map((c) => c.trim()).filter((c) => c !== ''));
  };
  for (const line of lines.slice(start + 1)) {
    if (/^[A-Z][A-Z ]+$/.test(line)) break; // the next section
    if (line === '') continue;
    if (!line.startsWith(' ')) {
      flush();
      file = line;
      columns = null;
    } else if (line.startsWith('  Columns: ')) columns = line.slice('  Columns: '.length);
    else if (columns !== null) columns += ` ${line.trim()}`;
  }
  flush();
  return out;
}
