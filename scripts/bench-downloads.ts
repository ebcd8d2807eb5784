// Prints the peak memory while the download queue saves a 200 MB video from a local server, to show that
// downloads stream to disk (memory stays flat, far below the file's size).
// Run: node --import tsx scripts/bench-downloads.ts [megabytes]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FILENAME_TEMPLATE } from '../shared/settings';
import { createDownloadQueue } from '../electron/downloads/queue';

const megabytes = Number(process.argv[2] ?? 200);
const size = megabytes * 1024 * 1024;
const chunk = Buffer.alloc(1024 * 1024, 0x42);

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v/t16/big_720.mp4?oe=7fffffff`;

const dir = mkdtempSync(join(tmpdir(), 'feedlens-bench-'));
const queue = createDownloadQueue({
  dataDir: join(dir, 'data'),
  folder: () => join(dir, 'Feedlens'),
  template: () => DEFAULT_FILENAME_TEMPLATE,
  concurrency: () => 1,
  fetchMedia: (u, init) => fetch(u, init),
  call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls in the benchmark', billed: false, retryable: false } }),
  emit: () => undefined,
  version: 'bench',
});
await queue.start();

const record = {
  kind: 'post',
  id: '3776832898280228145',
  mediaId: '3776832898280228145_51234567890',
  code: 'DRqAYKuAIUx',
  productType: 'clips',
  takenAt: 1775048403,
  owner: { kind: 'user', id: '51234567890', username: 'lea.martin_photo' },
  videos: [{ url, width: 720, height: 1280 }],
  images: [],
  children: [],
  index: null,
  raw: {},
};

global.gc?.();
const baseline = process.memoryUsage();
let peakRss = baseline.rss;
let peakArrayBuffers = baseline.arrayBuffers;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakArrayBuffers = Math.max(peakArrayBuffers, m.arrayBuffers);
}, 20);

const started = performance.now();
await queue.enqueue([{ record: record as never, provenance: { path: '/v1/media/by/code', params: { code: record.code }, requestId: null, fetchedAt: Date.now() } }]);
await queue.idle();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const item = queue.snapshot().items[0];
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`file:                ${mb(size)} -> ${item?.state}, ${item?.path ? mb(statSync(item.path).size) : 'no file'}`);
console.log(`time:                ${seconds.toFixed(2)} s (${(megabytes / seconds).toFixed(0)} MB/s)`);
console.log(`RSS:                 ${mb(baseline.rss)} before, ${mb(peakRss)} peak (+${mb(peakRss - baseline.rss)})`);
console.log(`array buffers:       ${mb(baseline.arrayBuffers)} before, ${mb(peakArrayBuffers)} peak`);

await queue.close();
server.close();
rmSync(dir, { recursive: true, force: true });
