// Where a pseudonymised NDJSON export spends its CPU time, phase by phase, in one process (on this shared
// machine, figures from separate processes differ by more than the changes one wants to see): the record
// check, the learning walk, the rewrite (record, raw with its leak check, parameters), the rewrite with
// JSON.stringify of the copies, and plain NDJSON's JSON.stringify for comparison. µs per item, median over
// the rounds; the phases take turns in every round. Not a goal of its own: bench-export.ts judges.
// Run: node --expose-gc --import tsx scripts/bench/pseudonymise-phases.ts [count]
import { loadavg } from 'node:os';
import { rawLeftOut } from '../../electron/export/lines';
import { checkExportRecords } from '../../electron/export/records';
import { item } from './posts';
import { learnt, rewriteAll } from './pseudonymise-run';
import { median } from './support';

const COUNT = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 50_000);
const ROUNDS = 7;
const items = Array.from({ length: COUNT }, (_, i) => item(i));
const pz = learnt(items);
let sink = 0;

const PHASES: Record<string, () => void> = {
  check: () => checkExportRecords(items),
  learn: () => void learnt(items),
  rewrite: () => void (sink += rewriteAll(pz, items)),
  'rewrite+json': () => {
    for (const { record } of items) {
      const raw = pz.applyChecked(record.raw);
      sink += JSON.stringify(pz.applyRecord(record)).length + JSON.stringify(raw.leaks ? null : raw.value).length;
    }
  },
  'plain json': () => {
    for (const { record } of items) sink += JSON.stringify(rawLeftOut(record)).length + JSON.stringify(record.raw).length;
  },
};

/** CPU µs per item of one phase, after a collection. */
function cpu(run: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / COUNT;
}

const names = Object.keys(PHASES);
const samples = new Map<string, number[]>(names.map((n) => [n, []]));
for (let round = -1; round < ROUNDS; round++) {
  for (const name of [...names.slice(round & 3), ...names.slice(0, round & 3)]) {
    const us = cpu(PHASES[name] as () => void);
    if (round >= 0) samples.get(name)?.push(us);
  }
}
console.log(`${COUNT.toLocaleString('en')} posts, ${ROUNDS} rounds, load ${loadavg().map((l) => l.toFixed(1)).join(' ')} (${sink > 0 ? 'ok' : ''})`);
for (const name of names) console.log(`${name.padEnd(13)} ${median(samples.get(name) ?? []).toFixed(1)} µs/item`);
