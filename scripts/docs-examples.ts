// The example answers of the service's published documentation (its API reference pages: one
// "### GET /path" section per endpoint, the answer in a ```json block under "Example response"), written
// one per file and named as ../shared/spec/recorded names answers, for `npm run fidelity -- --docs <folder>`.
// The examples were captured from production; they hold real accounts' data, so they are read from the
// user's copy of the documentation and written to a temporary folder, never into the project.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTION = /^### GET (\/\S+)\s*$/m;
const EXAMPLE = /<summary>Example response<\/summary>\s*```json\n([\s\S]*?)\n```/;

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Writes each example answer found under `docsFolder` into `outFolder`; returns the files written. */
export function writeDocsExamples(docsFolder: string, outFolder: string): string[] {
  mkdirSync(outFolder, { recursive: true });
  const written: string[] = [];
  const seen = new Map<string, number>();
  for (const file of markdownFiles(docsFolder)) {
    for (const section of readFileSync(file, 'utf8').split(/\n(?=### GET )/)) {
      const path = SECTION.exec(section)?.[1];
      const example = EXAMPLE.exec(section)?.[1];
      if (!path || example === undefined) continue;
      const name = path.slice(1).replaceAll('/', '_');
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      const out = `${name}${n > 1 ? `--${n}` : ''}.json`;
      writeFileSync(join(outFolder, out), example);
      written.push(out);
    }
  }
  return written;
}
