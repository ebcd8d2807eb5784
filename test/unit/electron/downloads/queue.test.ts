// The download queue against the real simulator (its world is the oracle) and the real call service.
import { createGrant, type SpendGrant } from '../../../../electron/calls/cost-guard';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import type { DownloadsSnapshot, SavedItemArg } from '../../../../shared/ipc';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import { createDownloadHandlers } from '../../../../electron/downloads/handlers';
import { createDiskThread, type DiskThread } from '../../../../electron/downloads/disk-thread';
import { createDownloadQueue, type DownloadQueue, type DownloadQueueOptions } from '../../../../electron/downloads/queue';
import { ledgerAnswerFacts, type Sidecar } from '../../../../electron/downloads/sidecar';
import { createLedger } from '../../../../electron/calls/ledger';
import { createRouter, type Handlers } from '../../../../electron/ipc/router';
import { startSimulatorServer, type SimulatorServer } from '../../../../electron/simulator/http';
import { VIDEO_ASSETS } from '../../../../electron/simulator/types';
import type { WorldMedia, WorldUser } from '../../../../electron/simulator/world/model';
import { coreRig, localServer, plainFetch, tempDir, until, type CoreRig, type LocalServer } from './support';

const ASSETS = resolve(__dirname, '../../../../assets/sim-media');
let sim: SimulatorServer;
let clockOffsetMs = 0; // the simulator's clock: moved forward to expire media links

beforeAll(async () => {
  sim = await startSimulatorServer({ seed: 7, now: () => Date.now() + clockOffsetMs });
});
afterAll(async () => {
  await sim.close();
});

let dir: ReturnType<typeof tempDir>;
let rig: CoreRig;
let folder: string;
const queues: DownloadQueue[] = [];
const servers: LocalServer[] = [];

beforeEach(async () => {
  dir = tempDir('queue');
  folder = join(dir.path, 'Feedlens');
  rig = await coreRig(sim, join(dir.path, 'data'));
});
afterEach(async () => {
  clockOffsetMs = 0;
  sim.sim.faults.clear();
  for (const q of queues.splice(0)) await q.close();
  for (const s of servers.splice(0)) await s.close();
  await rig.close();
  dir.remove();
});

function makeQueue(extra: Partial<DownloadQueueOptions> = {}): DownloadQueue {
  const q = createDownloadQueue({
    dataDir: rig.dataDir,
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 4,
    fetchMedia: plainFetch,
    call: rig.call,
    confirmRenewal: async (batch) => createGrant('renewals', batch.units),
    emit: () => undefined,
    version: '0.1.0',
    retryDelayMs: () => 20,
    renewalGatherMs: 50,
    ...extra,
  });
  queues.push(q);
  return q;
}

// ---- the world as oracle ----

const world = () => sim.sim.world;
const owner = (m: WorldMedia): WorldUser => world().userByPk.get(m.ownerPk) as WorldUser;
const isPublic = (m: WorldMedia) => !owner(m).isPrivate;
const dateUtc = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');

/** Where the default layout puts a post's file. */
function expectedPath(m: WorldMedia, index: number | null, video: boolean): string {
  return join(folder, owner(m).username, `${dateUtc(m.takenAt)}_UTC_${m.code}${index === null ? '' : `_${index}`}.${video ? 'mp4' : 'png'}`);
}

function findMedia(test: (m: WorldMedia) => boolean): WorldMedia {
  const m = world().media.find((x) => isPublic(x) && test(x));
  if (!m) throw new Error('no such media in the world');
  return m;
}

async function postItems(m: WorldMedia): Promise<SavedItemArg[]> {
  return (await rig.records('/v1/media/by/code', { code: m.code })).items;
}

function allFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const videoBytes = (asset: keyof typeof VIDEO_ASSETS) => readFileSync(join(ASSETS, VIDEO_ASSETS[asset].file));

/** A gate the test opens: fetchMedia waits on it (or on the abort signal). */
function gatedFetch() {
  const started: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((r) => (open = r));
  const fetchMedia = async (url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }) => {
    started.push(url);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise<void>((ok, fail) => {
        void gate.then(ok);
        init.signal?.addEventListener('abort', () => fail(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      });
      return await fetch(url, init);
    } finally {
      inFlight -= 1;
    }
  };
  return { fetchMedia, started, open: () => open(), inFlight: () => inFlight, maxInFlight: () => maxInFlight };
}

describe('downloading posts', () => {
  it('saves every carousel item byte-identical, named by the default layout, dated taken_at, with a sidecar', async () => {
    const m = findMedia((x) => x.kind === 'carousel' && x.children.some((c) => c.mediaType === 2) && x.children.some((c) => c.mediaType === 1));
    const items = await postItems(m);
    const ledger = createLedger({ dir: join(rig.dataDir, 'ledger') });
    const q = makeQueue({ answerFacts: async (p) => (await rig.core.flush(), ledgerAnswerFacts(ledger)(p)) });
    await q.start();
    const queued = await q.enqueue(items);
    expect(queued).toMatchObject({ queued: m.children.length, skipped: 0 });
    await q.idle();

    const snapshot = q.snapshot();
    // The ids name the files queued as the snapshot does, so a screen can follow them to the end.
    expect(queued.ids).toEqual(snapshot.items.map((i) => i.id));
    expect(snapshot.items.map((i) => i.state)).toEqual(m.children.map(() => 'done'));
    for (const [i, child] of m.children.entries()) {
      const path = expectedPath(m, i + 1, child.mediaType === 2);
      expect(snapshot.items[i]?.path).toBe(path);
      const bytes = readFileSync(path);
      if (child.video) expect(bytes.equals(videoBytes(child.video))).toBe(true);
      else {
        const record = items[0]?.record as unknown as { children: { images: { url: string; width: number; height: number }[] }[] };
        const largest = record.children[i]?.images[0];
        expect([largest?.width, largest?.height]).toEqual([child.width, child.height]); // the largest rendition
        const source = Buffer.from(await (await fetch(largest?.url ?? '')).arrayBuffer());
        expect(bytes.equals(source)).toBe(true);
      }
      expect(statSync(path).mtimeMs / 1000).toBe(m.takenAt);
    }

    // The sidecar: normalised record, raw record, files, provenance with the answer's sha256.
    const sidecarPath = join(folder, owner(m).username, `${dateUtc(m.takenAt)}_UTC_${m.code}.json`);
    const text = readFileSync(sidecarPath, 'utf8');
    const sidecar = parseLossless(text) as Sidecar;
    expect(sidecar).toMatchObject({ format: 'feedlens-sidecar', id: `post:${m.pk}`, kind: 'post', username: owner(m).username, ownerId: m.ownerPk, takenAt: m.takenAt });
    expect(text).toContain(`"pk": "${m.pk}"`); // the 19-digit id exactly, as a string
    expect((sidecar.record as { id: string; raw?: unknown }).id).toBe(m.pk);
    expect((sidecar.record as { raw?: unknown }).raw).toBeUndefined();
    expect((sidecar.raw as { code: string }).code).toBe(m.code);
    expect(sidecar.files.map((f) => f.name)).toEqual(m.children.map((c, i) => `${dateUtc(m.takenAt)}_UTC_${m.code}_${i + 1}.${c.mediaType === 2 ? 'mp4' : 'png'}`));
    expect(sidecar.files.map((f) => f.mediaPk)).toEqual(m.children.map((c) => c.pk));
    for (const f of sidecar.files) {
      const bytes = readFileSync(join(folder, owner(m).username, f.name));
      expect(f.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(f.bytes).toBe(bytes.length);
    }
    const entry = (await ledger.query({ path: '/v1/media/by/code' })).entries.find((e) => e.requestId === items[0]?.provenance.requestId);
    expect(sidecar.provenance).toMatchObject({
      endpoint: '/v1/media/by/code',
      params: { code: m.code },
      requestId: items[0]?.provenance.requestId,
      appVersion: '0.1.0',
      answerSha256: entry?.bodySha256,
      // Demo mode's answer: the sidecar says it is simulated, and where it came from (the ledger's word).
      simulated: true,
      origin: entry?.origin,
    });
    expect(sidecar.provenance.answerSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sidecar.provenance.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Date(sidecar.provenance.fetchedAt).getTime()).toBe(items[0]?.provenance.fetchedAt);

    // Nothing half-done is left.
    expect(allFiles(folder).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(allFiles(join(rig.dataDir, 'downloads', 'pending'))).toEqual([]);
  });

  it('skips what is already saved: in the same queue, in a new one, and saves again a file deleted since', async () => {
    const m = findMedia((x) => x.kind === 'carousel' && x.children.length >= 3);
    const items = await postItems(m);
    const first = makeQueue();
    await first.start();
    await first.enqueue(items);
    await first.idle();
    expect(await first.enqueue(items)).toMatchObject({ queued: 0, skipped: m.children.length });
    await first.close();

    const fetched: string[] = [];
    const second = makeQueue({ fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)) });
    await second.start();
    await second.control('clear');
    expect(await second.enqueue(items)).toMatchObject({ queued: 0, skipped: m.children.length });
    await second.idle();
    expect(fetched).toEqual([]);

    rmSync(expectedPath(m, 2, m.children[1]?.mediaType === 2));
    await second.control('clear');
    expect(await second.enqueue(items)).toMatchObject({ queued: 1, skipped: m.children.length - 1 });
    await second.idle();
    expect(fetched).toHaveLength(1);
    expect(existsSync(expectedPath(m, 2, m.children[1]?.mediaType === 2))).toBe(true);
  });

  // An image: its file is looked for by itself; a carousel's files share a folder, which is listed once.
  it.each(['image', 'carousel'])('skips a file that is already complete at its place even without an archive entry (%s)', async (kind) => {
    const m = findMedia((x) => x.kind === kind && (kind === 'image' || x.children.length >= 3));
    const files = kind === 'image' ? 1 : m.children.length;
    const items = await postItems(m);
    const q = makeQueue();
    await q.start();
    await q.enqueue(items);
    await q.idle();
    await q.close();
    rmSync(join(rig.dataDir, 'downloads', 'archive.ndjson'));
    const fetched: string[] = [];
    const fresh = makeQueue({ fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)) });
    await fresh.start();
    await fresh.control('clear');
    expect(await fresh.enqueue(items)).toMatchObject({ queued: 0, skipped: files });
    expect(fetched).toEqual([]);
    await fresh.close();

    // One file gone: only that one is queued again.
    rmSync(expectedPath(m, kind === 'image' ? null : 2, kind === 'image' ? m.mediaType === 2 : m.children[1]?.mediaType === 2));
    rmSync(join(rig.dataDir, 'downloads', 'archive.ndjson'));
    const again = makeQueue({ fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)) });
    await again.start();
    await again.control('clear');
    expect(await again.enqueue(items)).toMatchObject({ queued: 1, skipped: files - 1 });
    await again.idle();
    expect(fetched).toHaveLength(1);
    await again.close();
  });

  it('keeps a file pending until its sidecar is written, and writes the sidecar on retry', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const sidecarPath = expectedPath(m, null, false).replace(/\.png$/, '.json');
    mkdirSync(join(sidecarPath, 'blocked'), { recursive: true }); // a folder where the sidecar goes: it is not replaced
    const saved: string[] = [];
    const q = makeQueue({ onSaved: (path) => void saved.push(path) });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    expect(q.snapshot().items[0]).toMatchObject({ state: 'failed', error: expect.stringMatching(/did not write is already at .*left as it is\. Move or rename it, then Retry/) });
    expect(existsSync(join(sidecarPath, 'blocked'))).toBe(true);
    expect(existsSync(expectedPath(m, null, false))).toBe(true);
    expect(saved).toEqual([]);
    expect(readFileSync(join(rig.dataDir, 'downloads', 'archive.ndjson'), { flag: 'a+' }).toString()).not.toContain(m.pk);

    rmSync(sidecarPath, { recursive: true });
    await q.control('retry');
    await q.idle();
    expect(q.snapshot().items[0]?.state).toMatch(/done|skipped/);
    expect(saved).toEqual([sidecarPath]);
    expect((parseLossless(readFileSync(sidecarPath, 'utf8')) as Sidecar).files).toHaveLength(1);
  });

  it('saves a file whose date cannot be set, and says so in the log', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const real = createDiskThread();
    // A disk (file system) that keeps bytes but not times: every part comes back undated.
    const disk: DiskThread = {
      ...real,
      openPart: (path, append) => {
        const part = real.openPart(path, append);
        return { ...part, finish: async (o) => ({ ...(await part.finish(o)), dated: false }) };
      },
    };
    const logged: string[] = [];
    const q = makeQueue({ disk, log: (message) => void logged.push(message) });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    expect(q.snapshot().items[0]?.state).toBe('done');
    expect(existsSync(expectedPath(m, null, false))).toBe(true);
    expect(logged.filter((l) => /modification time could not be set/.test(l))).toHaveLength(1);
    await real.close();
  });

  it("never replaces a file it did not write: a user's file where a sidecar goes, or where a media file goes", async () => {
    const a = findMedia((x) => x.kind === 'image');
    const b = findMedia((x) => x.kind === 'image' && x.pk !== a.pk && x.ownerPk !== a.ownerPk);
    const itemsA = await postItems(a);
    const itemsB = await postItems(b);
    const userFile = expectedPath(a, null, false).replace(/\.png$/, '.json');
    mkdirSync(dirname(userFile), { recursive: true });
    writeFileSync(userFile, '{"my": "notes"}\n');
    const q = makeQueue();
    await q.start();
    await q.control('pause');
    await q.enqueue([...itemsA, ...itemsB]);
    // A file takes the media file's name after it was queued (the user copies one in): it is kept.
    const mediaB = expectedPath(b, null, false);
    mkdirSync(dirname(mediaB), { recursive: true });
    writeFileSync(mediaB, 'mine');
    await q.control('resume');
    await q.idle();
    expect(readFileSync(userFile, 'utf8')).toBe('{"my": "notes"}\n');
    expect(q.snapshot().items[0]).toMatchObject({ state: 'failed', error: expect.stringContaining(userFile) });
    expect(readFileSync(mediaB, 'utf8')).toBe('mine');
    expect(allFiles(folder).filter((f) => f.endsWith('.part'))).toEqual([]);

    // A sidecar Feedlens wrote (recognised by its content) is replaced when the item is saved again.
    rmSync(userFile);
    await q.control('retry');
    await q.idle();
    const first = readFileSync(userFile, 'utf8');
    expect((parseLossless(first) as Sidecar).format).toBe('feedlens-sidecar');
  });

  it('gives a file saved before a crash, but not its sidecar, its sidecar at the next start', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const sidecarPath = expectedPath(m, null, false).replace(/\.png$/, '.json');
    const first = makeQueue();
    await first.start();
    await first.enqueue(items);
    await first.idle();
    // What a crash between the file and its sidecar leaves: the file, the item still in the queue's state.
    await first.close();
    const state = parseLossless(readFileSync(join(rig.dataDir, 'downloads', 'queue.json'), 'utf8')) as { tasks: { state: string }[]; groups: unknown[] };
    expect(state.groups).toEqual([]);
    rmSync(sidecarPath);
    rmSync(join(rig.dataDir, 'downloads', 'archive.ndjson'));
    const group = { id: `post:${m.pk}`, kind: 'post', username: owner(m).username, ownerId: m.ownerPk, takenAt: m.takenAt, sidecarBase: sidecarPath.replace(/\.json$/, ''), highlight: null, record: items[0]?.record, provenance: items[0]?.provenance, tasks: [`post:${m.pk}#0`] };
    const task = { ...(state.tasks[0] as object), state: 'queued', group: group.id, path: null };
    writeFileSync(join(rig.dataDir, 'downloads', 'queue.json'), JSON.stringify({ version: 1, paused: false, groups: [group], tasks: [task] }));
    // The crash came between the hard link that named the file and the removal of its `.part`: both are there.
    const media = expectedPath(m, null, false);
    writeFileSync(`${media}.part`, readFileSync(media));

    const fetched: string[] = [];
    const next = makeQueue({ fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)) });
    await next.start();
    await next.idle();
    expect(fetched).toEqual([]); // the file was there: not fetched again
    expect(next.snapshot().items[0]?.state).toBe('skipped');
    expect(existsSync(`${media}.part`)).toBe(false);
    expect(existsSync(media)).toBe(true);
    expect((parseLossless(readFileSync(sidecarPath, 'utf8')) as Sidecar).files[0]?.sha256).toBe(createHash('sha256').update(readFileSync(expectedPath(m, null, false))).digest('hex'));
  });

  it('reads a queue the previous version saved (each record in a file of its own), then drops those files', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const sidecarPath = expectedPath(m, null, false).replace(/\.png$/, '.json');
    const pendingFile = join(rig.dataDir, 'downloads', 'pending', 'abc.json');
    mkdirSync(join(rig.dataDir, 'downloads', 'pending'), { recursive: true });
    writeFileSync(pendingFile, JSON.stringify({ record: items[0]?.record, provenance: items[0]?.provenance }));
    const url = (items[0]?.record as unknown as { images: { url: string }[] }).images[0]?.url;
    const group = { id: `post:${m.pk}`, kind: 'post', username: owner(m).username, ownerId: m.ownerPk, takenAt: m.takenAt, sidecarBase: sidecarPath.replace(/\.json$/, ''), highlight: null, pending: pendingFile, tasks: [`post:${m.pk}#0`] };
    const task = { id: `post:${m.pk}#0`, group: group.id, kind: 'post', label: 'x', url, ext: 'png', fallbackExt: 'jpg', base: expectedPath(m, null, false).replace(/\.png$/, ''), index: null, role: 'media', mediaPk: m.pk, takenAt: m.takenAt, refresh: null, state: 'queued', attempts: 0, error: null, path: null, bytes: 0, totalBytes: null, contentType: null, refreshedBy: null };
    writeFileSync(join(rig.dataDir, 'downloads', 'queue.json'), JSON.stringify({ version: 1, paused: false, groups: [group], tasks: [task] }));
    const q = makeQueue();
    await q.start();
    await q.idle();
    expect(q.snapshot().items[0]?.state).toBe('done');
    expect((parseLossless(readFileSync(sidecarPath, 'utf8')) as Sidecar).id).toBe(`post:${m.pk}`);
    expect(existsSync(pendingFile)).toBe(false);
  });

  it('refuses items with nothing to download, and an invalid filename template', async () => {
    const q = makeQueue();
    await q.start();
    const comment: SavedItemArg = { record: { kind: 'comment', id: '1' } as SavedItemArg['record'], provenance: { path: '/v2/media/comments', params: {}, requestId: null, fetchedAt: 1 } };
    await expect(q.enqueue([comment])).rejects.toMatchObject({ kind: 'validation' });
    const m = findMedia((x) => x.kind === 'image');
    const bad = makeQueue({ template: () => '{username}/{when}_{shortcode}' });
    await bad.start();
    await expect(bad.enqueue(await postItems(m))).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('{when}') });
  });
});

describe('the queue', () => {
  async function manyItems(n: number): Promise<{ items: SavedItemArg[]; keys: string[] }> {
    const user = world().users.find((u) => !u.isPrivate && u.posts.length >= n) as WorldUser;
    const { items } = await rig.records('/v1/user/medias/chunk', { user_id: user.pk });
    const chosen = items.slice(0, n);
    // Files in enqueue order: a carousel's children in order, else the post itself.
    const keys = chosen.flatMap((item) => {
      const m = world().mediaByPk.get((item.record as unknown as { id: string }).id) as WorldMedia;
      return m.children.length > 0 ? m.children.map((_, i) => `post:${m.pk}#${i + 1}`) : [`post:${m.pk}#0`];
    });
    return { items: chosen, keys };
  }

  it('runs at most `concurrency` transfers, in the order they were queued', async () => {
    const { items, keys } = await manyItems(6);
    const gate = gatedFetch();
    let concurrency = 2;
    const q = makeQueue({ fetchMedia: gate.fetchMedia, concurrency: () => concurrency });
    await q.start();
    await q.enqueue(items);
    await until(() => gate.inFlight() === 2, 5000, 'two transfers');
    // No third one starts while two are held (maxInFlight below covers the whole run).
    expect(gate.started).toHaveLength(2);
    expect(q.snapshot().totals).toMatchObject({ running: 2, queued: keys.length - 2 });
    gate.open();
    await q.idle();
    expect(gate.maxInFlight()).toBe(2);
    expect(q.snapshot().items.map((i) => i.id)).toEqual(keys);
    // Transfers started in queue order.
    const startedPks = gate.started.map((url) => /\/(\d+)\.(?:png|mp4)/.exec(url)?.[1]);
    const expectedPks = keys.map((k) => {
      const [pk, n] = k.slice('post:'.length).split('#') as [string, string];
      const m = world().mediaByPk.get(pk) as WorldMedia;
      return n === '0' ? m.pk : m.children[Number(n) - 1]?.pk;
    });
    expect(startedPks).toEqual(expectedPks);
    concurrency = 1;
  });

  it('pause keeps the .part, resume continues it with a Range request, cancel removes it', async () => {
    const m = findMedia((x) => x.kind === 'clip' && x.video !== null);
    const source = videoBytes(m.video as keyof typeof VIDEO_ASSETS);
    // A CDN that sends the first 100 kB and then stalls until the client goes away.
    const cdn = await localServer((req, res) => {
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        res.writeHead(206, { 'content-type': 'video/mp4', 'content-length': source.length - start, 'content-range': `bytes ${start}-${source.length - 1}/${source.length}` });
        res.end(source.subarray(start));
        return;
      }
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': source.length });
      res.write(source.subarray(0, 100_000));
    });
    servers.push(cdn);
    const viaCdn = (url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }) => fetch(url.replace(sim.url, cdn.url), init);
    const items = await postItems(m);
    const q = makeQueue({ fetchMedia: viaCdn });
    await q.start();
    await q.enqueue(items);
    const final = expectedPath(m, null, true);
    await until(() => existsSync(`${final}.part`) && statSync(`${final}.part`).size === 100_000, 5000, 'first bytes');

    const paused = await q.control('pause');
    expect(paused.paused).toBe(true);
    expect(paused.items.map((i) => i.state)).toEqual(['paused']);
    // The CDN sends nothing after its first 100 kB: the .part is kept as it was, not removed or cut.
    expect(statSync(`${final}.part`).size).toBe(100_000);

    await q.control('resume');
    await q.idle();
    expect(cdn.seen.map((s) => s.range)).toEqual([null, 'bytes=100000-']);
    expect(readFileSync(final).equals(source)).toBe(true);
    expect(existsSync(`${final}.part`)).toBe(false);

    // Cancel: another video, stopped while its first bytes are in.
    const other = findMedia((x) => x.kind === 'clip' && x.video !== null && x.pk !== m.pk);
    await q.enqueue(await postItems(other));
    const otherFinal = expectedPath(other, null, true);
    await until(() => existsSync(`${otherFinal}.part`) && statSync(`${otherFinal}.part`).size === 100_000, 5000, 'first bytes of the second');
    const id = q.snapshot().items[1]?.id as string;
    const cancelled = await q.control('cancel', [id]);
    expect(cancelled.items[1]?.state).toBe('cancelled');
    await q.idle();
    await until(() => !existsSync(`${otherFinal}.part`), 2000, 'the .part removed');
    expect(existsSync(otherFinal)).toBe(false);

    const cleared = await q.control('clear');
    expect(cleared.items).toEqual([]);
  });

  it('retries 5xx and broken connections with backoff, then succeeds', async () => {
    const m = findMedia((x) => x.kind === 'image');
    sim.sim.faults.set({ status: { count: 2, path: '/media/*', status: 503 }, reset: { count: 1, path: '/media/*' } });
    const q = makeQueue();
    await q.start();
    await q.enqueue(await postItems(m));
    await q.idle();
    const [item] = q.snapshot().items;
    expect(item).toMatchObject({ state: 'done', attempts: 4, error: null });
    expect(existsSync(expectedPath(m, null, false))).toBe(true);
  });

  it('fails after the last attempt with the reason, and "retry" starts it again', async () => {
    const m = findMedia((x) => x.kind === 'image');
    sim.sim.faults.set({ status: { count: 3, path: '/media/*', status: 502 } });
    const q = makeQueue({ maxAttempts: 3 });
    await q.start();
    await q.enqueue(await postItems(m));
    await q.idle();
    expect(q.snapshot().items[0]).toMatchObject({ state: 'failed', attempts: 3, error: expect.stringContaining('HTTP 502') });
    expect(q.snapshot().totals.failed).toBe(1);
    await q.control('retry');
    await q.idle();
    expect(q.snapshot().items[0]).toMatchObject({ state: 'done', error: null });
  });

  it('sends throttled progress events with per-item and overall figures', async () => {
    const m = findMedia((x) => x.kind === 'clip' && x.video !== null);
    const source = videoBytes(m.video as keyof typeof VIDEO_ASSETS);
    // A slow CDN: 40 pieces over about a second.
    const cdn = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': source.length });
      const step = Math.ceil(source.length / 40);
      let sent = 0;
      const timer = setInterval(() => {
        res.write(source.subarray(sent, sent + step));
        sent += step;
        if (sent >= source.length) {
          clearInterval(timer);
          res.end();
        }
      }, 25);
    });
    servers.push(cdn);
    const events: { snapshot: DownloadsSnapshot }[] = [];
    const q = makeQueue({ fetchMedia: (url, init) => fetch(url.replace(sim.url, cdn.url), init), emit: (s) => events.push({ snapshot: s }), emitIntervalMs: 200 });
    await q.start();
    await q.enqueue(await postItems(m));
    await q.idle();
    // The throttle itself is timed on a fake clock in progress.test.ts; here, the last event is the finished file.
    await until(() => events.at(-1)?.snapshot.totals.done === 1, 5000, 'the last progress event');
    const running = events.map((e) => e.snapshot.items[0]).filter((i) => i?.state === 'running' && i.bytes > 0);
    expect(running.length).toBeGreaterThan(0);
    expect(running.some((i) => (i?.speed ?? 0) > 0 && i?.totalBytes === source.length)).toBe(true);
    const last = events.at(-1)?.snapshot;
    expect(last?.totals).toMatchObject({ done: 1, running: 0, bytes: source.length, totalBytes: source.length });
  });
});

describe('the IPC operations', () => {
  it('enqueue, control and list through the router', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const gate = gatedFetch();
    const q = makeQueue({ fetchMedia: gate.fetchMedia });
    await q.start();
    const router = createRouter({ handlers: createDownloadHandlers({ queue: q }) as Handlers, isTrustedSender: (o) => o === 'app://feedlens', log: () => undefined });
    const event = { sender: { id: 1 }, senderFrame: { url: 'app://feedlens/index.html', parent: null } };
    expect(await router.handle('downloadsEnqueue', event, { items })).toMatchObject({ ok: true, value: { queued: 1, skipped: 0, ids: [expect.any(String)] } });
    const paused = await router.handle('downloadsControl', event, { action: 'pause' });
    expect(paused).toMatchObject({ ok: true, value: { paused: true, items: [{ id: `post:${m.pk}#0`, state: 'paused', kind: 'post' }] } });
    await router.handle('downloadsControl', event, { action: 'resume' });
    gate.open();
    await q.idle();
    expect(await router.handle('downloadsList', event, {})).toMatchObject({ ok: true, value: { paused: false, items: [{ state: 'done', path: expectedPath(m, null, false) }], totals: { done: 1 } } });
    expect(await router.handle('downloadsControl', event, { action: 'explode' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});

describe('interrupted downloads', () => {
  it('a download cut mid-file is resumed by a new queue over the same data folder, byte-identical, no .part left', async () => {
    const m = findMedia((x) => x.kind === 'clip' && x.video !== null);
    const CUT_AT = 65_536;
    const final = expectedPath(m, null, true);
    let requests = 0;
    // The socket is closed once the queue has the bytes on disk: a fetch body that errors drops what it
    // received and was not read yet, so closing at once would make the cut land anywhere under load.
    const onDisk = () => until(() => existsSync(`${final}.part`) && statSync(`${final}.part`).size >= CUT_AT, 5000, 'the first bytes on disk');
    // In front of the simulator's CDN: the first answer is cut after CUT_AT bytes (socket closed).
    const cdn = await localServer((req, res) => {
      requests += 1;
      const upstream = fetch(`${sim.url}${req.url}`, { headers: req.headers.range ? { range: req.headers.range } : {} });
      void upstream.then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const headers = Object.fromEntries(answer.headers.entries());
        res.writeHead(answer.status, headers);
        if (requests === 1) res.write(body.subarray(0, CUT_AT), () => void onDisk().finally(() => res.destroy()));
        else res.end(body);
      });
    });
    servers.push(cdn);
    const viaCdn = (url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }) => fetch(url.replace(sim.url, cdn.url), init);
    const items = await postItems(m);

    // The first app session: the cut leaves a .part; its retry is far away, and the app quits.
    const first = makeQueue({ fetchMedia: viaCdn, retryDelayMs: () => 60_000 });
    await first.start();
    await first.enqueue(items);
    await until(() => (first.snapshot().items[0]?.error ?? '').includes('Trying again'), 5000, 'the cut');
    expect(statSync(`${final}.part`).size).toBe(CUT_AT);
    await first.close();
    expect(existsSync(final)).toBe(false);

    // The next session: a new queue over the same data folder picks the item up and resumes it.
    const second = makeQueue({ fetchMedia: viaCdn });
    await second.start();
    await second.idle();
    expect(cdn.seen.map((s) => s.range)).toEqual([null, `bytes=${CUT_AT}-`]);
    expect(readFileSync(final).equals(videoBytes(m.video as keyof typeof VIDEO_ASSETS))).toBe(true);
    expect(allFiles(folder).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(second.snapshot().items[0]).toMatchObject({ state: 'done', path: final });
    expect(existsSync(final.replace(/\.mp4$/, '.json'))).toBe(true);
  });
});

describe('expired media links', () => {
  it('renews a link the CDN refuses through the call service (1 unit) and continues with the fresh one', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    const staleUrl = (items[0]?.record as unknown as { images: { url: string }[] }).images[0]?.url as string;
    clockOffsetMs = 4 * 24 * 3600 * 1000; // the CDN's clock passes the links' `oe`
    const fetched: { url: string; status: number }[] = [];
    const q = makeQueue({
      fetchMedia: async (url, init) => {
        const res = await fetch(url, init);
        fetched.push({ url, status: res.status });
        return res;
      },
    });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    expect(q.snapshot().items[0]).toMatchObject({ state: 'done' });
    expect(fetched[0]).toEqual({ url: staleUrl, status: 403 });
    expect(fetched.at(-1)?.status).toBe(200);
    const freshOe = parseInt(new URL(fetched.at(-1)?.url ?? '').searchParams.get('oe') ?? '0', 16);
    expect(freshOe * 1000).toBeGreaterThan(Date.now() + clockOffsetMs);

    // The renewal went through the call service: in the ledger, billed 1 unit, named in the sidecar.
    await rig.core.flush();
    const ledger = createLedger({ dir: join(rig.dataDir, 'ledger') });
    const renewals = (await ledger.query({ path: '/v1/media/by/id' })).entries.filter((e) => !e.cacheHit);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.units).toBe(1);
    const sidecar = parseLossless(readFileSync(expectedPath(m, null, false).replace(/\.png$/, '.json'), 'utf8')) as Sidecar;
    expect(sidecar.files[0]?.refreshedBy).toMatchObject({ path: '/v1/media/by/id', params: { id: m.pk }, requestId: renewals[0]?.requestId, units: 1 });
    expect(sidecar.files[0]?.url).toBe(fetched.at(-1)?.url);
  });

  it('renews a link whose `oe` has passed before sending it', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    clockOffsetMs = 4 * 24 * 3600 * 1000;
    const fetched: string[] = [];
    const q = makeQueue({ now: () => Date.now() + clockOffsetMs, fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)) });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    expect(q.snapshot().items[0]?.state).toBe('done');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).not.toBe((items[0]?.record as unknown as { images: { url: string }[] }).images[0]?.url);
  });

  it('fails the item with an actionable message, and spends nothing, when the renewal is declined', async () => {
    const m = findMedia((x) => x.kind === 'image');
    const items = await postItems(m);
    clockOffsetMs = 4 * 24 * 3600 * 1000;
    const q = makeQueue({ confirmRenewal: async () => null });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    expect(q.snapshot().items[0]).toMatchObject({ state: 'failed', error: 'The media link expired: renewal declined, retry to be asked again.' });
    await rig.core.flush();
    const ledger = createLedger({ dir: join(rig.dataDir, 'ledger') });
    expect((await ledger.query({ path: '/v1/media/by/id' })).entries).toEqual([]);
  });

  it('asks once for a whole batch of expired links; declined, every one fails and nothing is spent', async () => {
    const posts: SavedItemArg[] = [];
    for (const user of world().users.filter((u) => !u.isPrivate && u.posts.length > 0)) {
      if (posts.length >= 300) break;
      posts.push(...(await rig.records('/v1/user/medias/chunk', { user_id: user.pk })).items);
    }
    const items = posts.slice(0, 300);
    expect(items).toHaveLength(300);
    clockOffsetMs = 4 * 24 * 3600 * 1000; // every link's `oe` has passed
    const asked: { items: number; units: number }[] = [];
    const fetched: string[] = [];
    const q = makeQueue({
      now: () => Date.now() + clockOffsetMs,
      confirmRenewal: async (batch) => (asked.push(batch), null),
      fetchMedia: (url, init) => (fetched.push(url), fetch(url, init)),
    });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    const files = q.snapshot().items;
    expect(asked).toEqual([{ items: files.length, units: files.length }]);
    expect(files.every((f) => f.state === 'failed' && f.error === 'The media link expired: renewal declined, retry to be asked again.')).toBe(true);
    expect(fetched).toEqual([]);
    await rig.core.flush();
    const ledger = createLedger({ dir: join(rig.dataDir, 'ledger') });
    expect((await ledger.query({ path: '/v1/media/by/id' })).entries).toEqual([]);
  });

  it('granted, every renewal call of the batch carries the grant, and the files are saved', async () => {
    const user = world().users.find((u) => !u.isPrivate && u.posts.length >= 8) as WorldUser;
    const items = (await rig.records('/v1/user/medias/chunk', { user_id: user.pk })).items.slice(0, 8);
    clockOffsetMs = 4 * 24 * 3600 * 1000;
    const asked: { items: number; units: number }[] = [];
    const grants: unknown[] = [];
    let grant: SpendGrant | null = null;
    const q = makeQueue({
      now: () => Date.now() + clockOffsetMs,
      confirmRenewal: async (batch) => {
        asked.push(batch);
        grant = createGrant('renewals', batch.units);
        return grant;
      },
      call: (args, options) => (grants.push(options?.grant), rig.call(args)),
    });
    await q.start();
    await q.enqueue(items);
    await q.idle();
    const files = q.snapshot().items;
    expect(files.every((f) => f.state === 'done')).toBe(true);
    expect(asked).toEqual([{ items: files.length, units: files.length }]);
    expect(grants.length).toBeGreaterThanOrEqual(files.length);
    expect(grants.every((g) => g === grant)).toBe(true);
  });

  it('renews a story link through /v1/story/by/id', async () => {
    const user = world().users.find((u) => !u.isPrivate && u.stories.length > 0) as WorldUser;
    const { items } = await rig.records('/v1/user/stories', { user_id: user.pk });
    clockOffsetMs = 4 * 24 * 3600 * 1000;
    const q = makeQueue();
    await q.start();
    await q.enqueue(items.slice(0, 1));
    await q.idle();
    const [item] = q.snapshot().items;
    expect(item?.state).toBe('done');
    expect(item?.path).toContain(join(folder, user.username, 'stories'));
    await rig.core.flush();
    const ledger = createLedger({ dir: join(rig.dataDir, 'ledger') });
    expect((await ledger.query({ path: '/v1/story/by/id' })).entries.some((e) => !e.cacheHit && e.units === 1)).toBe(true);
  });
});
