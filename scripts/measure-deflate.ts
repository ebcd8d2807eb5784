// The ZIP exports' deflate level: time and size of levels 1 and 6 on 30,000 simulated posts as NDJSON
// and CSV text (docs/decisions/csv-writer.md). `node --import tsx scripts/measure-deflate.ts`
import { deflateRawSync } from 'node:zlib';
import { createSimulator } from '../electron/simulator/service';
const sim = createSimulator({ seed: 7 });
const media = [...sim.world.mediaByPk.values()].slice(0, 30000);
const ndjson = Buffer.from(media.map((m) => JSON.stringify(m)).join('\n'));
const keys = Object.keys(media[0] as object);
const csv = Buffer.from(media.map((m) => keys.map((k) => JSON.stringify((m as unknown as Record<string, unknown>)[k] ?? '')).join(',')).join('\n'));
for (const [name, buf] of [['ndjson', ndjson], ['csv', csv]] as const) {
  for (const level of [1, 6]) {
    const t = performance.now();
    let out = Buffer.alloc(0);
    for (let i = 0; i < 3; i++) out = deflateRawSync(buf, { level });
    console.log(`${name} ${(buf.length / 1e6).toFixed(1)} MB level ${level}: ${((performance.now() - t) / 3).toFixed(0)} ms, ${(out.length / 1e6).toFixed(2)} MB`);
  }
}
