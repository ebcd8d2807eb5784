// The library against real downloads from the simulator: the index built while downloading, the index
// rebuilt from the sidecars alone, listing by account, kind and date, and revealing files.
import { createGrant } from '../../../../electron/calls/cost-guard';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem, SavedItemArg } from '../../../../shared/ipc';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import { sanitizeName } from '../../../../electron/downloads/naming';
import { createDownloadQueue } from '../../../../electron/downloads/queue';
import type { Sidecar } from '../../../../electron/downloads/sidecar';
import { parseLossless, stringifyLossless } from '../../../../shared/api/json';
import { createLibrary, type Library } from '../../../../electron/library/library';
import { createLibraryHandlers } from '../../../../electron/library/handlers';
import { startSimulatorServer, type SimulatorServer } from '../../../../electron/simulator/http';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { coreRig, plainFetch, tempDir, type CoreRig } from '../downloads/support';

const MEDIA_BASE = 'app-media://media/';
let sim: SimulatorServer;
let rig: CoreRig;
let dir: ReturnType<typeof tempDir>;
let folder: string;
let dataDir: string;
let library: Library;
let user: WorldUser;
let expected: { posts: number; stories: number; highlightItems: number };

const POSTS = 5;
const all = async (lib: Library): Promise<LibraryItem[]> => (await lib.list({ limit: 5000 })).items;

beforeAll(async () => {
  sim = await startSimulatorServer({ seed: 7 });
  dir = tempDir('library');
  folder = join(dir.path, 'Feedlens');
  dataDir = join(dir.path, 'data');
  rig = await coreRig(sim, dataDir);
  const world = sim.sim.world;
  user = world.users.find((u) => !u.isPrivate && u.posts.length >= POSTS && u.stories.length > 0 && u.highlights.length > 0) as WorldUser;

  const posts = (await rig.records('/v1/user/medias/chunk', { user_id: user.pk })).items.slice(0, POSTS);
  const stories = (await rig.records('/v1/user/stories', { user_id: user.pk })).items;
  const highlight = (await rig.records('/v1/highlight/by/url', { url: `https://www.instagram.com/stories/highlights/${user.highlights[0]}/` })).items;
  const profile = (await rig.records('/v1/user/by/id', { id: user.pk })).items;
  expected = {
    posts: POSTS,
    stories: stories.length,
    highlightItems: world.highlightByPk.get(user.highlights[0] as string)?.items.length ?? 0,
  };

  library = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
  await library.start();
  const queue = createDownloadQueue({
    dataDir,
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 4,
    fetchMedia: plainFetch,
    call: rig.call,
    confirmRenewal: async (batch) => createGrant('renewals', batch.units),
    emit: () => undefined,
    version: '0.1.0',
    onSaved: (path, sidecar) => library.add(path, sidecar),
  });
  await queue.start();
  const items: SavedItemArg[] = [...posts, ...stories, ...highlight, ...profile];
  await queue.enqueue(items);
  await queue.idle();
  await queue.close();
  await library.flush();
}, 60_000);

afterAll(async () => {
  await rig.close();
  await sim.close();
  dir.remove();
});

describe('the library', () => {
  it('holds every saved item, by kind, for the account', async () => {
    const items = await all(library);
    const count = (kind: string) => items.filter((i) => i.kind === kind).length;
    expect([count('post'), count('story'), count('highlight'), count('profile')]).toEqual([expected.posts, expected.stories, expected.highlightItems, 1]);
    expect(new Set(items.map((i) => i.username))).toEqual(new Set([user.username]));
    for (const item of items) {
      expect(item.files.length).toBeGreaterThan(0);
      for (const f of [...item.files, item.sidecar]) expect(existsSync(f)).toBe(true);
    }
    // Posts carry their world times; carousels list every child file.
    for (const item of items.filter((i) => i.kind === 'post')) {
      const pk = item.id.slice('post:'.length);
      const m = sim.sim.world.mediaByPk.get(pk);
      expect(item.takenAt).toBe(m?.takenAt);
      expect(item.files).toHaveLength(Math.max(1, m?.children.length ?? 0));
      expect((item.record as { id: string }).id).toBe(pk);
    }
    // Highlight stories: under highlights/<title>/, their sidecar naming the highlight.
    const h = sim.sim.world.highlightByPk.get(user.highlights[0] as string);
    for (const item of items.filter((i) => i.kind === 'highlight')) {
      expect(item.files[0]).toContain(join(folder, user.username, 'highlights', sanitizeName(h?.title ?? ''), ''));
      const sidecar = parseLossless(readFileSync(item.sidecar, 'utf8')) as Sidecar;
      expect(sidecar.highlight).toEqual({ id: h?.pk, title: h?.title });
      expect(h?.items).toContain((sidecar.record as { id: string }).id);
    }
  });

  it('lists newest first, filters by account and kind, and pages', async () => {
    const items = await all(library);
    const times = items.map((i) => i.takenAt).filter((t): t is number => t !== null);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const stories = await library.list({ kind: 'story' });
    expect(stories.total).toBe(expected.stories);
    expect(stories.items.every((i) => i.kind === 'story')).toBe(true);
    expect((await library.list({ username: user.username })).total).toBe(items.length);
    expect((await library.list({ username: 'nobody.here' }))).toEqual({ items: [], total: 0 });
    const page = await library.list({ offset: 2, limit: 3 });
    expect(page.total).toBe(items.length);
    expect(page.items.map((i) => i.id)).toEqual(items.slice(2, 5).map((i) => i.id));
  });

  it('counts items per account', async () => {
    const accounts = library.accounts();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ username: user.username, items: (await all(library)).length });
    expect(accounts[0]?.lastSaved).toBeGreaterThan(Date.now() - 120_000);
  });

  it('gives each item a preview URL for the media protocol pointing at one of its files, an image when there is one', async () => {
    for (const item of await all(library)) {
      expect(item.previewUrl?.startsWith(`${MEDIA_BASE}?u=`)).toBe(true);
      const fileUrl = decodeURIComponent(item.previewUrl?.slice(`${MEDIA_BASE}?u=`.length) ?? '');
      const path = fileURLToPath(fileUrl);
      expect(item.files).toContain(path);
      if (item.files.some((f) => f.endsWith('.png'))) expect(path.endsWith('.png')).toBe(true);
    }
  });

  it('rebuilds from the sidecars exactly the index built while downloading (index lost, or corrupt)', async () => {
    const built = await all(library);
    const indexFile = join(dataDir, 'library', 'index.json');
    expect(existsSync(indexFile)).toBe(true);

    rmSync(indexFile);
    const rebuilt = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
    await rebuilt.start();
    expect(await all(rebuilt)).toEqual(built);
    expect(rebuilt.accounts()).toEqual(library.accounts());
    await rebuilt.flush();

    writeFileSync(indexFile, '{"version":1,"folder":');
    const again = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
    await again.start();
    expect(await all(again)).toEqual(built);

    // The explicit rebuild (libraryRebuild) says how many items it found; JSON that is not a sidecar is ignored.
    writeFileSync(join(folder, 'notes.json'), '{"format":"something-else","id":"x"}');
    const handlers = createLibraryHandlers({ library: again, reveal: () => undefined, roots: () => [folder] });
    expect(await handlers.libraryRebuild({}, { senderId: 1 })).toEqual({ items: built.length });
    expect(await all(again)).toEqual(built);
    await again.flush();
  });

  it('a run that ends before the index is written leaves it marked behind: the next start rebuilds it with every item', async () => {
    const built = await all(library);
    const indexFile = join(dataDir, 'library', 'index.json');
    const marker = join(dataDir, 'library', 'index.behind');
    expect(existsSync(marker)).toBe(false); // written and caught up at the end of the downloads

    // A library that only knows some of the items writes its index, then hears of the rest and is
    // killed before its next write (no flush): the index on disk misses them.
    const partialData = join(dir.path, 'data-crash');
    const first = createLibrary({ dataDir: partialData, folder: () => folder, mediaBase: MEDIA_BASE });
    await first.start();
    await first.flush();
    expect(existsSync(join(partialData, 'library', 'index.behind'))).toBe(false);
    const post = built.find((i) => i.kind === 'post') as LibraryItem;
    const sidecar = parseLossless(readFileSync(post.sidecar, 'utf8')) as Sidecar;
    // The sidecar's item, as if just downloaded: the index on disk is rewritten without it first.
    rmSync(post.sidecar);
    const withoutIt = createLibrary({ dataDir: partialData, folder: () => folder, mediaBase: MEDIA_BASE });
    await withoutIt.rebuild();
    await withoutIt.flush();
    writeFileSync(post.sidecar, `${JSON.stringify(sidecar, null, 2)}\n`);
    expect((await all(withoutIt)).some((i) => i.id === post.id)).toBe(false);
    await withoutIt.add(post.sidecar, sidecar);
    expect(existsSync(join(partialData, 'library', 'index.behind'))).toBe(true);
    // ...killed here. The next start does not trust the index:
    const logged: string[] = [];
    const next = createLibrary({ dataDir: partialData, folder: () => folder, mediaBase: MEDIA_BASE, log: (m) => void logged.push(m) });
    await next.start();
    expect((await all(next)).map((i) => i.id)).toEqual(built.map((i) => i.id));
    expect(logged.join('\n')).toMatch(/ended before the index was saved/);
    await next.flush();
    await withoutIt.flush(); // the killed one's timer, for a clean exit of the test
    await next.flush();
    expect(existsSync(join(partialData, 'library', 'index.behind'))).toBe(false);
    expect(existsSync(indexFile)).toBe(true);
  });

  it('an index of the wrong shape is rebuilt instead of failing every listing', async () => {
    const built = await all(library);
    const indexFile = join(dataDir, 'library', 'index.json');
    // Valid JSON, right version and folder, but entries the listing cannot use (files is not a list).
    const broken = { version: 2, folder, entries: [{ item: { id: 'post:1', kind: 'post', files: 'x.png', sidecar: 7 }, savedAt: null }] };
    writeFileSync(indexFile, JSON.stringify(broken));
    const logged: string[] = [];
    const lib = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE, log: (m) => void logged.push(m) });
    await lib.start();
    expect(await all(lib)).toEqual(built);
    expect(logged.join('\n')).toMatch(/other shape: rebuilding/);
    await lib.flush();
    const again = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
    await again.start();
    expect(await all(again)).toEqual(built);
  });

  it('keeps the records in the sidecars: the index leaves them out, a listed page reads them', async () => {
    const built = await all(library);
    const indexFile = join(dataDir, 'library', 'index.json');
    const index = parseLossless(readFileSync(indexFile, 'utf8')) as { version: number; entries: { item: Record<string, unknown> }[] };
    expect(index.version).toBe(2);
    expect(index.entries).toHaveLength(built.length);
    expect(index.entries.some((e) => 'record' in e.item)).toBe(false);
    expect(built.every((i) => typeof i.record === 'object' && i.record !== null)).toBe(true);

    // An index of version 1 (records inside) is rebuilt, to the same items.
    writeFileSync(indexFile, JSON.stringify({ version: 1, folder, entries: built.map((item) => ({ item, savedAt: null })) }));
    const logged: string[] = [];
    const lib = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE, log: (m) => void logged.push(m) });
    await lib.start();
    expect(logged.join('\n')).toMatch(/rebuilding/);
    await lib.flush();

    // Loaded from the index, the library reads each record from its sidecar when it lists it.
    const [first, second] = built.filter((i) => i.kind === 'post') as [LibraryItem, LibraryItem];
    const texts = [readFileSync(first.sidecar, 'utf8'), readFileSync(second.sidecar, 'utf8')];
    const edited = parseLossless(texts[0] as string) as Sidecar & { record: Record<string, unknown> };
    edited.record = { ...edited.record, caption: 'read from the sidecar', pk: 18446744073709551615n };
    writeFileSync(first.sidecar, `${stringifyLossless(edited, 2)}\n`);
    const other = parseLossless(texts[1] as string) as Sidecar;
    writeFileSync(second.sidecar, `${stringifyLossless({ ...other, id: 'post:someone-else' }, 2)}\n`);
    try {
      const loaded = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
      await loaded.start();
      const found = await all(loaded);
      expect(found.map((i) => i.id)).toEqual(built.map((i) => i.id));
      const record = found.find((i) => i.id === first.id)?.record as { caption: string; pk: unknown };
      expect(record.caption).toBe('read from the sidecar');
      expect(record.pk).toBe('18446744073709551615'); // exact past 2^53 (lossless JSON keeps such digits as a string)
      // A sidecar that now describes another item gives no record (the item stays until a rebuild).
      expect(found.find((i) => i.id === second.id)).toMatchObject({ id: second.id, record: null, files: second.files });
      // Records read are kept: the sidecar gone, the next listing still has it.
      rmSync(first.sidecar);
      expect((await all(loaded)).find((i) => i.id === first.id)?.record).toEqual(record);
      const fresh = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
      await fresh.start();
      expect((await all(fresh)).find((i) => i.id === first.id)?.record).toBeNull();
    } finally {
      writeFileSync(first.sidecar, texts[0] as string);
      writeFileSync(second.sidecar, texts[1] as string);
    }
  });

  it('reads sidecars however they are laid out (the raw record is cut out of the text only when it is found)', async () => {
    const post = (await all(library)).find((i) => i.kind === 'post') as LibraryItem;
    const text = readFileSync(post.sidecar, 'utf8');
    const sidecar = parseLossless(text) as Sidecar;
    expect(sidecar.raw).not.toBeNull();
    writeFileSync(post.sidecar, JSON.stringify(sidecar)); // one line: no indentation to find the raw record by
    try {
      const lib = createLibrary({ dataDir: join(dir.path, 'data-layout'), folder: () => folder, mediaBase: MEDIA_BASE });
      await lib.start();
      expect(await all(lib)).toEqual(await all(library));
      await lib.flush();
    } finally {
      writeFileSync(post.sidecar, text);
    }
  });

  it('reads a sidecar bigger than its read buffer, and one whose raw record is too small to cut', async () => {
    const [first, second] = (await all(library)).filter((i) => i.kind === 'post') as [LibraryItem, LibraryItem];
    const texts = [readFileSync(first.sidecar, 'utf8'), readFileSync(second.sidecar, 'utf8')];
    const big = parseLossless(texts[0] as string) as Sidecar & { record: Record<string, unknown> };
    big.record = { ...big.record, caption: 'é'.repeat(400_000) }; // 800 KB: read past the first 256 KB
    const small = parseLossless(texts[1] as string) as Sidecar;
    small.raw = {};
    writeFileSync(first.sidecar, `${JSON.stringify(big, null, 2)}\n`);
    writeFileSync(second.sidecar, `${JSON.stringify(small, null, 2)}\n`);
    try {
      const lib = createLibrary({ dataDir: join(dir.path, 'data-big'), folder: () => folder, mediaBase: MEDIA_BASE });
      await lib.start();
      const found = await all(lib);
      expect(found).toHaveLength((await all(library)).length);
      expect((found.find((i) => i.id === first.id)?.record as { caption?: string }).caption).toBe('é'.repeat(400_000));
      expect(found.find((i) => i.id === second.id)).toEqual(second);
      await lib.flush();
    } finally {
      writeFileSync(first.sidecar, texts[0] as string);
      writeFileSync(second.sidecar, texts[1] as string);
    }
  });

  it('an index of another download folder is not used: the library is rebuilt for the current one', async () => {
    const elsewhere = join(dir.path, 'Elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const other = createLibrary({ dataDir, folder: () => elsewhere, mediaBase: MEDIA_BASE });
    await other.start();
    expect((await other.list())).toEqual({ items: [], total: 0 });
    await other.flush();
    const back = createLibrary({ dataDir, folder: () => folder, mediaBase: MEDIA_BASE });
    await back.start();
    expect((await all(back)).length).toBe((await all(library)).length);
  });
});

describe('revealPath', () => {
  it('reveals saved files inside the download folder only', async () => {
    const revealed: string[] = [];
    const handlers = createLibraryHandlers({ library, reveal: (p) => void revealed.push(p), roots: () => [folder] });
    const file = (await all(library))[0]?.files[0] as string;
    expect(await handlers.revealPath({ path: file }, { senderId: 1 })).toBe(true);
    expect(revealed).toEqual([file]);

    const outside = join(dir.path, 'outside.txt');
    writeFileSync(outside, 'x');
    const link = join(folder, 'link-out.png');
    symlinkSync(outside, link);
    for (const path of [outside, link, join(folder, '..', 'outside.txt'), 'Feedlens/x.png', join(folder, 'missing.png')]) {
      await expect(handlers.revealPath({ path }, { senderId: 1 })).rejects.toMatchObject({ kind: 'validation' });
    }
    expect(revealed).toEqual([file]);
    rmSync(link);
  });

  it('makes the download folder itself when it is revealed before anything was saved, and nothing else', async () => {
    const revealed: string[] = [];
    const fresh = join(dir.path, 'not-yet', 'Feedlens');
    const handlers = createLibraryHandlers({ library, reveal: (p) => void revealed.push(p), roots: () => [fresh] });
    expect(await handlers.revealPath({ path: fresh }, { senderId: 1 })).toBe(true);
    expect(revealed).toEqual([fresh]);
    expect(existsSync(fresh)).toBe(true);
    await expect(handlers.revealPath({ path: join(fresh, 'sub') }, { senderId: 1 })).rejects.toMatchObject({ kind: 'validation' });
    expect(existsSync(join(fresh, 'sub'))).toBe(false);
  });
});
