#!/usr/bin/env node
// Sums up the renderer's e2e coverage (E2E_COVERAGE=1 node scripts/e2e.mjs writes coverage/e2e/raw/):
// V8 block coverage of the built bundles, mapped back through their source maps to the sources.
// Per source file: the bundle's characters that came from it (covered / all) and its lines that have
// code in the bundle (covered when any of their code ran). Writes coverage/e2e/summary.{json,txt}.
// Usage: node scripts/e2e-coverage.mjs <built renderer folder, e.g. out-coverage/renderer>
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

const root = resolve(import.meta.dirname, '..');
const rendererDir = resolve(process.argv[2] ?? join(root, 'out-coverage/renderer'));
const outDir = join(root, 'coverage/e2e');
const rawDir = join(outDir, 'raw');
if (!existsSync(rawDir)) {
  console.error(`e2e coverage: nothing in ${relative(root, rawDir)} (run with E2E_COVERAGE=1 node scripts/e2e.mjs)`);
  process.exit(1);
}

/** 1 for each character of the bundle that ran in any page, 0 for the others. */
const ranByBundle = new Map();
for (const name of readdirSync(rawDir).filter((n) => n.endsWith('.json'))) {
  for (const script of JSON.parse(readFileSync(join(rawDir, name), 'utf8'))) {
    const file = join(rendererDir, script.path);
    if (!existsSync(file)) continue;
    let ran = ranByBundle.get(file);
    if (!ran) ranByBundle.set(file, (ran = new Uint8Array(readFileSync(file, 'utf8').length)));
    // Outer ranges first, inner ones after: the innermost range says whether a character ran.
    const ranges = script.functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    const page = new Uint8Array(ran.length);
    for (const r of ranges) page.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, page.length));
    for (let i = 0; i < ran.length; i++) ran[i] |= page[i];
  }
}

const bySource = new Map();
const bundles = [];
for (const [file, ran] of ranByBundle) {
  const code = readFileSync(file, 'utf8');
  bundles.push({ bundle: relative(root, file), chars: code.length, covered: ran.reduce((n, v) => n + v, 0) });
  if (!existsSync(`${file}.map`)) continue;
  const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'), file);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const segments = [];
  eachMapping(map, (m) => segments.push({ at: lineStarts[m.generatedLine - 1] + m.generatedColumn, source: m.source, line: m.originalLine }));
  segments.sort((a, b) => a.at - b.at);
  const prefix = new Uint32Array(code.length + 1);
  for (let i = 0; i < code.length; i++) prefix[i + 1] = prefix[i] + ran[i];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (!s.source) continue;
    const end = i + 1 < segments.length ? segments[i + 1].at : code.length;
    const source = relative(root, s.source.startsWith('file://') ? new URL(s.source).pathname : s.source);
    let entry = bySource.get(source);
    if (!entry) bySource.set(source, (entry = { chars: 0, covered: 0, lines: new Map() }));
    const covered = prefix[end] - prefix[s.at];
    entry.chars += end - s.at;
    entry.covered += covered;
    entry.lines.set(s.line, (entry.lines.get(s.line) ?? false) || covered > 0);
  }
}

const pct = (n, d) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const files = [...bySource]
  .filter(([source]) => !source.includes('node_modules'))
  .map(([source, e]) => ({ file: source, chars: e.chars, coveredChars: e.covered, lines: e.lines.size, coveredLines: [...e.lines.values()].filter(Boolean).length }))
  .sort((a, b) => a.file.localeCompare(b.file));
const sum = (list) => list.reduce((t, f) => ({ chars: t.chars + f.chars, coveredChars: t.coveredChars + f.coveredChars, lines: t.lines + f.lines, coveredLines: t.coveredLines + f.coveredLines }), { chars: 0, coveredChars: 0, lines: 0, coveredLines: 0 });
const libraries = [...bySource].filter(([source]) => source.includes('node_modules')).reduce((t, [, e]) => ({ chars: t.chars + e.chars, covered: t.covered + e.covered }), { chars: 0, covered: 0 });
const totals = {
  renderer: sum(files.filter((f) => f.file.startsWith('renderer/'))),
  shared: sum(files.filter((f) => f.file.startsWith('shared/'))),
  sources: sum(files),
  libraries: { chars: libraries.chars, coveredChars: libraries.covered },
  bundles,
};
writeFileSync(join(outDir, 'summary.json'), JSON.stringify({ totals, files }, null, 2));

const row = (name, f) => `${name.padEnd(64)} ${pct(f.coveredLines, f.lines).padStart(7)} ${`${f.coveredLines}/${f.lines}`.padStart(11)} ${pct(f.coveredChars, f.chars).padStart(7)}`;
const text = [
  `${'file'.padEnd(64)} ${'lines'.padStart(7)} ${''.padStart(11)} ${'chars'.padStart(7)}`,
  ...files.map((f) => row(f.file, f)),
  '',
  row('renderer/ (total)', totals.renderer),
  row('shared/ (total, as bundled into the renderer)', totals.shared),
  row('all app sources in the renderer bundle', totals.sources),
  `libraries (node_modules) in the bundle: ${pct(libraries.covered, libraries.chars)} of ${libraries.chars} chars`,
  ...bundles.map((b) => `bundle ${b.bundle}: ${pct(b.covered, b.chars)} of ${b.chars} chars ran`),
].join('\n');
writeFileSync(join(outDir, 'summary.txt'), `${text}\n`);
console.log(`\ne2e coverage (${relative(root, join(outDir, 'summary.txt'))}):\n${text.split('\n').slice(-6).join('\n')}`);
