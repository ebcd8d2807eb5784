// Shape contract: for each endpoint with a production answer recorded in ../shared/spec/recorded, the
// simulator's answer to the same endpoint has every key path of the recorded one with the same JSON
// type (arrays collapsed), and the pager and the normaliser read the kinds of records from the simulator that they read from production.
// Where the recorded folder is absent, the checked-in contract (test/fixtures/shape-contract/, paths,
// types and record kinds only, derived from the recorded answers) stands in for it.
// UPDATE_SHAPE_CONTRACT=1 rewrites the checked-in contract from the recorded answers.
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../electron/simulator/service';
import { compare, keyPaths, type Comparison } from '../../../../electron/simulator/key-paths';
import { RECORDED_REQUESTS, worldPicks, type WorldPicks } from '../../../../electron/simulator/sample-params';
import {
  CONTRACT_FILE, RECORDED_DIR, checkedInContract, contractFromRecorded, contractSimulator, endpointOf, familyOf, readsOf, recordedPresent, simulatedText,
  type Contract,
} from './shape-contract-support';

const present = recordedPresent();
const ABSENT = `no recorded answers in ${RECORDED_DIR}: the checked-in contract stands in for them`;

function percent(part: number, whole: number): string {
  return whole === 0 ? '100.0' : ((100 * part) / whole).toFixed(1);
}

describe('shape contract', () => {
  let contract: Contract;
  let sim: Simulator;
  let picks: WorldPicks;
  const texts = new Map<string, string>();

  beforeAll(async () => {
    contract = present ? contractFromRecorded() : checkedInContract();
    sim = contractSimulator();
    picks = worldPicks(sim.world);
    for (const entry of RECORDED_REQUESTS) {
      if (contract[entry.name]) texts.set(entry.name, await simulatedText(sim, entry, picks));
    }
  });

  it('the checked-in contract is the one the recorded answers give', (ctx) => {
    if (!present) ctx.skip(ABSENT);
    if (process.env.UPDATE_SHAPE_CONTRACT === '1') writeFileSync(CONTRACT_FILE, `${JSON.stringify(contract, null, 1)}\n`);
    expect(checkedInContract(), 'run with UPDATE_SHAPE_CONTRACT=1 to rewrite the checked-in contract').toEqual(contract);
  });

  it('has every key path of production with the same JSON type, endpoint by endpoint', () => {
    const results = new Map<string, Comparison>();
    for (const [name, entry] of Object.entries(contract)) {
      const text = texts.get(name);
      if (text === undefined) throw new Error(`no simulated answer for ${name}`);
      results.set(name, compare(entry.keyPaths, keyPaths(text)));
    }
    const all = [...results.values()];
    const matchedEndpoints = all.filter((c) => c.matched === c.total).length;
    const matched = all.reduce((n, c) => n + c.matched, 0);
    const total = all.reduce((n, c) => n + c.total, 0);
    const lines = [`shape contract: ${matchedEndpoints}/${results.size} endpoints match, ${matched} of ${total} key paths (${percent(matched, total)} %)`];
    const families = new Map<string, { matched: number; total: number }>();
    for (const [name, c] of results) {
      const family = familyOf(contract[name]?.path ?? '');
      const f = families.get(family) ?? { matched: 0, total: 0 };
      families.set(family, { matched: f.matched + c.matched, total: f.total + c.total });
    }
    for (const [family, f] of [...families].sort()) lines.push(`  ${family}: ${f.matched} of ${f.total} key paths (${percent(f.matched, f.total)} %)`);
    lines.push(`  (compared with ${present ? 'the recorded answers' : 'the checked-in contract'})`);
    console.log(lines.join('\n'));

    const failures = [...results].filter(([, c]) => c.matched < c.total).map(([name, c]) => ({
      endpoint: name,
      missing: c.missing.slice(0, 15),
      wrongType: c.wrongType.slice(0, 15),
      more: c.missing.length + c.wrongType.length > 30,
    }));
    expect(failures).toEqual([]);
  });

  it('the pager and the normaliser read the kinds of records from the simulator that they read from production', () => {
    const differences: string[] = [];
    for (const entry of RECORDED_REQUESTS) {
      const recorded = contract[entry.name];
      const text = texts.get(entry.name);
      if (!recorded || text === undefined) continue;
      const simulated = readsOf(endpointOf(entry), text);
      // A page holds what it holds (production's top search page had accounts only): the simulator reads
      // at least the kinds production's answer gave, and records wherever production's gave some.
      const kindsRead = recorded.reads.kinds.every((k) => simulated.kinds.includes(k));
      if (!kindsRead || simulated.records !== recorded.reads.records) {
        differences.push(`${entry.name}: production ${JSON.stringify(recorded.reads)}, simulator ${JSON.stringify(simulated)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('reads records from every recorded answer the app maps', () => {
    const unread = Object.entries(contract)
      .filter(([, entry]) => !['/sys/balance', '/v1/media/insight', '/v1/media/oembed'].includes(entry.path) && !entry.reads.records)
      .map(([name]) => name);
    expect(unread).toEqual([]);
  });
});
