// 1,000 media files (128 KB each, from a local server) saved by the download queue as the app runs it
// (4 at a time, sidecars, archive, library), beside the baseline of the issue: a plain parallel fetch of
// the same files to disk with the same concurrency, in the same rounds (interleaved, order swapping; wall
// time: this is network and disk work). The queue's time runs until it reports every file done (its idle
// moment: each file named, its sidecar written, the journal that covers them synced, archive and library
// updated), as the baseline's runs until its files are written. Its close after that, whose checkpoint
// syncs the files themselves to disk (the baseline syncs nothing), is timed and printed beside. Also the
// RSS while the queue runs (sampled during both runs, so both bear the sampler's cost), and one 200 MB
// video streamed to disk: memory stays flat. Goal (issue 11): >= 80 % of the baseline's speed, memory flat.
// The files go under os.tmpdir() (TMPDIR to choose another disk). Two more contenders (FLOOR=0 leaves them
// out) tell what the goal asks of the disk at hand: the floor, a bare durable saver with a sidecar per
// file (a sync each), and the ceiling, the plain fetch writing a second small file per item and nothing
// else: what a sidecar per item allows at most.
// Run: node --expose-gc --import tsx scripts/bench-downloads.ts [files] [kilobytes]
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { link, open, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SavedItemArg } from '../shared/ipc';
import { DEFAULT_FILENAME_TEMPLATE } from '../shared/settings';
import { createDownloadQueue } from '../electron/downloads/queue';
import { createLibrary } from '../electron/library/library';
import { goal, mb, median } from './bench/support';

const FILES = Number(process.argv[2] ?? 1000);
const SIZE = Number(process.argv[3] ?? 128) * 1024;
const CONCURRENCY = 4;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const VIDEO_BYTES = 200 * 1024 * 1024;

const body = Buffer.alloc(SIZE, 0x42);
const chunk = Buffer.alloc(1024 * 1024, 0x43);
const server = createServer((req, res) => {
  if (req.url?.startsWith('/v/t16/')) {
    // The big video, sent in 1 MB writes.
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': VIDEO_BYTES });
    let sent = 0;
    const pump = () => {
      while (sent < VIDEO_BYTES) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    return pump();
  }
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': SIZE });
  res.end(body);
});
// Sockets kept for the whole run: a connection the server dropped after its 5 s default, reused by the
// next round's fetch, failed it with ECONNRESET.
server.keepAliveTimeout = 10 * 60_000;
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const urlOf = (i: number) => `${origin}/v/t51.2885-15/${3776832898280228145n + BigInt(i)}_n.jpg?oe=7fffffff`;

/** A post record per file, as the renderer sends it for saving: 50 accounts, one image each. */
function items(): SavedItemArg[] {
  return Array.from({ length: FILES }, (_, i) => {
    const pk = String(3776832898280228145n + BigInt(i));
    const owner = { kind: 'user', id: String(51234567890 + (i % 50)), username: `person.${i % 50}` };
    const record = { kind: 'post', id: pk, mediaId: `${pk}_${owner.id}`, code: null, productType: 'feed', takenAt: 1_775_048_403 - i * 60, owner, images: [{ url: urlOf(i), width: 1080, height: 1350 }], videos: [], children: [], index: null, raw: { pk } };
    return { record: record as SavedItemArg['record'], provenance: { path: '/v1/user/medias/chunk', params: { user_id: owner.id }, requestId: `r${Math.floor(i / 12)}`, fetchedAt: Date.now() } };
  });
}

const SIDECAR_TEXT = `${JSON.stringify({ format: 'feedlens-sidecar', padding: 'x'.repeat(3000) })}\n`;

/**
 * The baseline: the same files fetched CONCURRENCY at a time, each streamed to a file. With `secondFile`
 * (the ceiling contender), each item also gets a 3 KB file of its own beside it, written plainly (no sync,
 * no rename): what any design with a sidecar per item pays at least, the cost of one more file created.
 */
async function rawFetch(dir: string, secondFile = false): Promise<void> {
  mkdirSync(dir, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < FILES) {
      const i = next++;
      const res = await fetch(urlOf(i));
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(join(dir, `${i}.jpg`)));
      if (secondFile) await writeFile(join(dir, `${i}.json`), SIDECAR_TEXT, { flag: 'wx' });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * A third contender (FLOOR=0 leaves it out), the least a crash-safe saver with a sidecar per file does, with nothing of
 * the app (no plan, state, archive or library): each file streamed to `<name>.part`, synced, given its
 * name by a hard link, then a 3 KB sidecar written, synced and named the same way; 50 folders, as the
 * queue's 50 accounts. It tells what the goal asks of the file system of the machine at hand.
 */
const FLOOR = process.env.FLOOR !== '0';
async function floorRun(dir: string): Promise<void> {
  for (let k = 0; k < 50; k++) mkdirSync(join(dir, `u${k}`), { recursive: true });
  const named = async (file: string, write: (h: FileHandle) => Promise<unknown>) => {
    const handle = await open(`${file}.part`, 'wx');
    try {
      await write(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(`${file}.part`, file);
    await unlink(`${file}.part`);
  };
  let next = 0;
  const worker = async () => {
    while (next < FILES) {
      const i = next++;
      const res = await fetch(urlOf(i));
      const file = join(dir, `u${i % 50}`, `${i}.jpg`);
      await named(file, async (h) => {
        for await (const piece of Readable.fromWeb(res.body as WebReadableStream)) await h.write(piece as Buffer);
      });
      await named(`${file}.json`, (h) => h.writeFile(SIDECAR_TEXT));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

let peakRss = 0;
let startRss = 0;
let peakRawRss = 0;
/** Which run the RSS sampler counts for: it samples during both, so both pay for it alike. */
let sampling: 'queue' | 'raw' | null = null;
// process.memoryUsage.rss() only: memoryUsage() also walks the V8 heap, a cost the timed run would bear.
const sampler = setInterval(() => {
  if (sampling === 'queue') peakRss = Math.max(peakRss, process.memoryUsage.rss());
  else if (sampling === 'raw') peakRawRss = Math.max(peakRawRss, process.memoryUsage.rss());
}, 25);
/** When the last queue run had every file done (performance.now()): its close, after, syncs them. */
let queueIdleAt = 0;
/** The download queue of the app, with its library, from an empty data folder. */
async function queueRun(dir: string, toSave: SavedItemArg[]): Promise<void> {
  const folder = join(dir, 'Feedlens');
  const library = createLibrary({ dataDir: join(dir, 'data'), folder: () => folder, mediaBase: 'app-media://media/', log: () => undefined });
  await library.start();
  const queue = createDownloadQueue({
    dataDir: join(dir, 'data'),
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => CONCURRENCY,
    fetchMedia: (u, init) => fetch(u, init),
    call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls in the benchmark', billed: false, retryable: false } }),
    confirmRenewal: async () => null,
    emit: () => undefined,
    version: 'bench',
    onSaved: (path, sidecar) => library.add(path, sidecar),
    log: (m) => console.log(m),
  });
  await queue.start();
  try {
    await queue.enqueue(toSave);
    await queue.idle();
    queueIdleAt = performance.now();
    const done = queue.snapshot().totals.done;
    if (done !== FILES) throw new Error(`the queue saved ${done} of ${FILES} files`);
  } finally {
    await queue.close();
    await library.flush();
  }
}

const root = mkdtempSync(join(tmpdir(), 'feedlens-bench-downloads-'));
const raw: number[] = [];
const queued: number[] = [];
/** The queue runs until closed: the last checkpoint's sync of every file written (the baseline syncs nothing). */
const closed: number[] = [];
const ratios: number[] = [];
const floorRatios: number[] = [];
const ceilingRatios: number[] = [];
/** CPU seconds (user + system, every thread of the process) of each run: less shaken than wall time by other work on the machine. */
const cpu: Record<'raw' | 'queue', number[]> = { raw: [], queue: [] };
const loadBefore = loadavg()[0] ?? 0;
try {
  await rawFetch(join(root, 'warm-raw'));
  await queueRun(join(root, 'warm-queue'), items());
  rmSync(join(root, 'warm-raw'), { recursive: true, force: true });
  rmSync(join(root, 'warm-queue'), { recursive: true, force: true });
  (globalThis as { gc?: () => void }).gc?.();
  startRss = process.memoryUsage.rss();
  peakRss = startRss;
  peakRawRss = startRss;
  for (let round = 0; round < ROUNDS; round++) {
    const toSave = items();
    const time = async (which: 'queue' | 'raw' | 'floor' | 'ceiling', run: () => Promise<void>) => {
      (globalThis as { gc?: () => void }).gc?.();
      sampling = which === 'queue' ? 'queue' : 'raw';
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await run();
      const ended = performance.now();
      const seconds = ((which === 'queue' ? queueIdleAt : ended) - started) / 1000;
      if (which === 'queue') closed.push((ended - started) / 1000);
      const used = process.cpuUsage(cpuBefore);
      if (which === 'raw' || which === 'queue') cpu[which].push((used.user + used.system) / 1e6);
      sampling = null;
      return seconds;
    };
    let r: number;
    let q: number;
    let f: number | null = null;
    let c: number | null = null;
    if (FLOOR && round % 2 === 1) {
      f = await time('floor', () => floorRun(join(root, `floor-${round}`)));
      c = await time('ceiling', () => rawFetch(join(root, `ceiling-${round}`), true));
    }
    if (round % 2 === 0) {
      r = await time('raw', () => rawFetch(join(root, `raw-${round}`)));
      q = await time('queue', () => queueRun(join(root, `queue-${round}`), toSave));
    } else {
      q = await time('queue', () => queueRun(join(root, `queue-${round}`), toSave));
      r = await time('raw', () => rawFetch(join(root, `raw-${round}`)));
    }
    raw.push(r);
    queued.push(q);
    ratios.push(r / q);
    if (FLOOR && f === null) {
      c = await time('ceiling', () => rawFetch(join(root, `ceiling-${round}`), true));
      f = await time('floor', () => floorRun(join(root, `floor-${round}`)));
    }
    if (f !== null) floorRatios.push(r / f);
    if (c !== null) ceilingRatios.push(r / c);
    const share = (s: number | null, name: string) => (s === null ? '' : `, ${name} ${s.toFixed(2)} s (${((100 * r) / s).toFixed(0)} %)`);
    const shut = closed.at(-1) ?? q;
    console.log(`round ${round + 1}: plain parallel fetch ${r.toFixed(2)} s, queue ${q.toFixed(2)} s to every file done (${((100 * r) / q).toFixed(0)} %), ${shut.toFixed(2)} s closed and synced (${((100 * r) / shut).toFixed(0)} %)${share(f, 'floor')}${share(c, 'ceiling')}`);
    rmSync(join(root, `floor-${round}`), { recursive: true, force: true });
    rmSync(join(root, `ceiling-${round}`), { recursive: true, force: true });
    rmSync(join(root, `raw-${round}`), { recursive: true, force: true });
    rmSync(join(root, `queue-${round}`), { recursive: true, force: true });
  }
  const total = (FILES * SIZE) / 1024 / 1024;
  console.log(`${FILES} files of ${SIZE / 1024} KB, ${CONCURRENCY} at a time: plain fetch median ${median(raw).toFixed(2)} s (${(total / median(raw)).toFixed(0)} MB/s), queue median ${median(queued).toFixed(2)} s (${(total / median(queued)).toFixed(0)} MB/s)`);
  console.log(`the queue until closed (its last checkpoint synced every file; the plain fetch syncs none): median ${median(closed).toFixed(2)} s, ${(100 * median(raw.map((r, i) => r / (closed[i] ?? r)))).toFixed(0)} % of the plain fetch`);
  console.log(`CPU (user + system) median: plain fetch ${median(cpu.raw).toFixed(2)} s, queue ${median(cpu.queue).toFixed(2)} s (${((100 * median(cpu.raw)) / median(cpu.queue)).toFixed(0)} %); load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after (2 cores: above 2, other work shares them)`);
  if (FLOOR) {
    console.log(`the floor (a durable saver with a sidecar per file, nothing else): median ${(100 * median(floorRatios)).toFixed(0)} % of the plain fetch`);
    console.log(`the ceiling (the plain fetch writing a 3 KB second file per item, not durable): median ${(100 * median(ceilingRatios)).toFixed(0)} % of the plain fetch`);
  }
  console.log(`RSS while the queue ran: ${mb(startRss)} before, ${mb(peakRss)} peak (+${mb(peakRss - startRss)}); while the plain fetch ran: ${mb(peakRawRss)} peak`);

  // One big file: streamed, not held.
  const videoDir = join(root, 'video');
  const folder = join(videoDir, 'Feedlens');
  const queue = createDownloadQueue({
    dataDir: join(videoDir, 'data'),
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 1,
    fetchMedia: (u, init) => fetch(u, init),
    call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls in the benchmark', billed: false, retryable: false } }),
    confirmRenewal: async () => null,
    emit: () => undefined,
    version: 'bench',
  });
  await queue.start();
  const video = { kind: 'post', id: '3776832898280228145', mediaId: '3776832898280228145_51234567890', code: 'DRqAYKuAIUx', productType: 'clips', takenAt: 1775048403, owner: { kind: 'user', id: '51234567890', username: 'lea.martin_photo' }, videos: [{ url: `${origin}/v/t16/big_720.mp4?oe=7fffffff`, width: 720, height: 1280 }], images: [], children: [], index: null, raw: {} };
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let videoPeak = before;
  const videoSampler = setInterval(() => (videoPeak = Math.max(videoPeak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  await queue.enqueue([{ record: video as SavedItemArg['record'], provenance: { path: '/v1/media/by/code', params: { code: video.code }, requestId: null, fetchedAt: Date.now() } }]);
  await queue.idle();
  clearInterval(videoSampler);
  const item = queue.snapshot().items[0];
  await queue.close();
  console.log(`one ${mb(VIDEO_BYTES)} video: ${item?.state}, ${item?.path ? mb(statSync(item.path).size) : 'no file'} in ${((performance.now() - started) / 1000).toFixed(2)} s; RSS ${mb(before)} before, ${mb(videoPeak)} peak`);

  const ratio = median(ratios);
  const growth = peakRss - startRss;
  const floorNote = FLOOR ? `; a bare durable saver with a sidecar per file: ${(100 * median(floorRatios)).toFixed(0)} %; the plain fetch with a second file per item: ${(100 * median(ceilingRatios)).toFixed(0)} %` : '';
  goal('downloads-1000-files', `${(100 * ratio).toFixed(0)} % of plain parallel fetch (${median(queued).toFixed(2)} s vs ${median(raw).toFixed(2)} s${floorNote})`, '>= 80 %', ratio >= 0.8);
  goal('downloads-memory-flat', `+${mb(Math.max(growth, videoPeak - before))} RSS (1000 files, and a ${mb(VIDEO_BYTES)} video)`, '< +64 MB', Math.max(growth, videoPeak - before) < 64 * 1024 * 1024);
} finally {
  clearInterval(sampler);
  server.close();
  rmSync(root, { recursive: true, force: true });
}
