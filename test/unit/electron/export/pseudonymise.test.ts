// Pseudonymised exports scanned against the whole simulated world: after export, no username, full name
// or user id of any of the world's users may be left anywhere in the bytes written, whatever the format
// (CSV, NDJSON, JSON, ZIP with its manifest), for posts, comments, followers/likers and stories fetched
// through the real client. Then: pseudonyms are stable within a project and differ across projects.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../../shared/api/normalize';
import { OPS, type OpArgs } from '../../../../shared/ipc';
import type { Post } from '../../../../shared/records';
import { createExportHandlers } from '../../../../electron/export/handlers';
import { createMemoryStore } from '../../../../electron/platform/keychain';
import type { Manifest } from '../../../../electron/export/manifest';
import { createPseudonymiser, pseudonymOf } from '../../../../electron/export/pseudonymise';
import type { SavedItem } from '../../../../electron/export/run';
import { threadOf, type World, type WorldMedia } from '../../../../electron/simulator/world/world';
import { loadAnswer } from '../../shared/api/normalize/support';
import { csvObjects, memoryProjectKeys, readZip, richAccount, startApp, type App } from './support';

let app: App;
let world: World;
let folder: string;
const keys = memoryProjectKeys();

beforeAll(async () => {
  app = await startApp();
  world = app.world;
  folder = mkdtempSync(join(tmpdir(), 'feedlens-pseudo-'));
});
afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A saved file for every item, as the downloads module would give for ZIP bundles. */
async function mediaFilesOf(item: SavedItem): Promise<string[]> {
  const file = join(folder, 'saved-media.jpg');
  writeFileSync(file, 'not really a picture');
  return item.record.kind === 'comment' ? [] : [file];
}

async function run(items: SavedItem[], options: Partial<OpArgs<'exportRun'>>) {
  const handlers = createExportHandlers({
    downloadFolder: () => folder,
    version: '0.0.0-test',
    emit: () => undefined,
    ledger: app.ledger,
    projectKeys: keys,
    mediaFilesOf,
  });
  return handlers.exportRun(OPS.exportRun.parse({ items, format: 'csv', ...options }), { senderId: 1 });
}

/**
 * Everything an export wrote, as text: its file name, the file (a ZIP's entry names and inflated
 * entries, media included) and the manifest beside it.
 */
async function exportedText(items: SavedItem[], options: Partial<OpArgs<'exportRun'>>): Promise<string> {
  const result = await run(items, options);
  const bytes = readFileSync(result.path);
  const parts = [basename(result.path)];
  if (options.format === 'zip') for (const [name, entry] of readZip(bytes)) parts.push(name, entry.toString('utf8'));
  else parts.push(bytes.toString('utf8'));
  if (result.manifestPath) parts.push(basename(result.manifestPath), readFileSync(result.manifestPath, 'utf8'));
  return parts.join('\n');
}

/**
 * The usernames standing as names of their own in the text (case-insensitive): not inside a longer name
 * such as `lea.martin.photo` or `x_lea.martin`. Within a run of username characters, a name starts at the
 * run's start or after a dot that does not follow a name character, and ends likewise.
 */
function usernamesIn(text: string, names: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const run of text.toLowerCase().match(/[a-z0-9._]+/g) ?? []) {
    const starts = [0];
    const ends = [run.length];
    for (let k = 1; k < run.length; k++) {
      if (run[k - 1] === '.' && (k === 1 || run[k - 2] === '.')) starts.push(k);
      if (run[k] === '.' && (k + 1 === run.length || run[k + 1] === '.')) ends.push(k);
    }
    for (const a of starts) for (const b of ends) if (b > a && names.has(run.slice(a, b))) found.add(run.slice(a, b));
  }
  return found;
}

/** The full names found anywhere in the text (exact, NFC). */
function fullNamesIn(text: string, names: readonly string[]): Set<string> {
  const byHead = new Map<string, string[]>();
  for (const name of names) byHead.set(name.slice(0, 2), [...(byHead.get(name.slice(0, 2)) ?? []), name]);
  const normal = text.normalize('NFC');
  const found = new Set<string>();
  for (let i = 0; i < normal.length; i++) for (const name of byHead.get(normal.slice(i, i + 2)) ?? []) if (normal.startsWith(name, i)) found.add(name);
  return found;
}

/** Every user of the world whose id, username or full name appears in the text. */
function peopleIn(text: string): string[] {
  // Place names are left out: a business account may be named like its own place, and a place is no person.
  const places = new Set(world.locations.map((l) => l.name));
  const fullNames = world.users.map((u) => u.fullName.normalize('NFC')).filter((n) => n.length >= 3 && !places.has(n));
  const digitRuns = new Set(text.match(/\d+/g) ?? []);
  const usernames = usernamesIn(text, new Set(world.users.map((u) => u.username.toLowerCase())));
  const names = fullNamesIn(text, fullNames);
  const found: string[] = [];
  for (const u of world.users) {
    if (digitRuns.has(u.pk)) found.push(`id ${u.pk} (${u.username})`);
    if (usernames.has(u.username.toLowerCase())) found.push(`username ${u.username}`);
    if (names.has(u.fullName.normalize('NFC'))) found.push(`full name ${u.fullName} (${u.username})`);
  }
  return found;
}

function threadedPost(): WorldMedia {
  const m = world.media.find((x) => !world.userByPk.get(x.ownerPk)?.isPrivate && threadOf(world, x).top.some((c) => c.replies.length > 2) && threadOf(world, x).total < 60);
  if (!m) throw new Error('world: no thread with replies');
  return m;
}

async function commentsWithReplies(m: WorldMedia): Promise<SavedItem[]> {
  const top = await app.collect('/v2/media/comments', { id: m.pk });
  const replies: SavedItem[] = [];
  for (const item of top) {
    if (item.record.kind === 'comment' && (item.record.replyCount ?? 0) > 0) {
      replies.push(...(await app.collect('/v2/media/comments/replies', { media_id: m.pk, comment_id: item.record.id })));
    }
  }
  const v1 = await app.collect('/v1/media/comments/chunk', { id: m.pk });
  return [...top, ...replies, ...v1];
}

const datasets: Record<string, () => Promise<SavedItem[]>> = {
  posts: async () => {
    const account = richAccount(world);
    const big = world.users.find((u) => u.username === 'skyward.atlas');
    return [
      ...(await app.collect('/v1/user/medias/chunk', { user_id: account.pk })),
      ...(await app.collect('/v1/user/tag/medias/chunk', { user_id: account.pk })),
      ...(await app.collect('/v2/user/clips', { user_id: big?.pk ?? account.pk }, { maxPages: 2 })),
      ...(await app.collect('/v2/hashtag/medias/recent', { name: 'travel' }, { maxPages: 2 })),
      ...(await app.collect('/v2/media/info/by/code', { code: world.media.find((m) => m.coauthors.length > 0 && m.usertags.length > 0)?.code ?? '' })),
    ];
  },
  comments: async () => commentsWithReplies(threadedPost()),
  followers: async () => {
    const account = richAccount(world);
    const liked = world.media.find((m) => m.likeCount > 5 && m.likeCount < 40 && !world.userByPk.get(m.ownerPk)?.isPrivate);
    return [
      ...(await app.collect('/v2/user/followers', { user_id: account.pk })),
      ...(await app.collect('/g1/user/followers', { user_id: account.pk })),
      ...(await app.collect('/v1/user/following/chunk', { user_id: account.pk })),
      ...(await app.collect('/gql/media/likers', { media_id: liked?.pk ?? '' })),
      ...(await app.collect('/v2/user/by/id', { id: account.pk })),
      ...(await app.collect('/v1/user/by/username', { username: 'cafelumiere.paris' })),
    ];
  },
  stories: async () => {
    const account = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.stories.length > 0 && u.highlights.length > 0) ?? richAccount(world);
    return [
      ...(await app.collect('/v1/user/stories', { user_id: account.pk })),
      ...(await app.collect('/v2/user/stories', { user_id: account.pk })),
      ...(await app.collect('/v2/highlight/by/id', { id: account.highlights[0] ?? '' })),
    ];
  },
};

const pseudonymise = { project: 'study-a', dropNames: false, dropPictures: false, dropText: false };

describe.each(Object.keys(datasets))('a pseudonymised export of %s', (name) => {
  let items: SavedItem[];
  beforeAll(async () => {
    items = await (datasets[name] as () => Promise<SavedItem[]>)();
  });

  /** The export is labelled after a person, as "followers of @nasa" would be. */
  const label = () => `${name} of @${richAccount(world).username}`;

  it('names people of the world before pseudonymisation (so the scan below can fail)', async () => {
    expect(items.length).toBeGreaterThan(5);
    expect(peopleIn(await exportedText(items, { format: 'ndjson', label: label() })).length).toBeGreaterThan(0);
  });

  it.each(['csv', 'ndjson', 'json', 'zip'] as const)('holds no id, username or full name of any world user: %s', async (format) => {
    const text = await exportedText(items, {
      format,
      pseudonymise,
      label: label(),
      // Named after the person too: the file name holds the pseudonym, never the username.
      name: { target: richAccount(world).username, list: 'followers', person: true },
      ...(format === 'csv' ? { columns: columnsOf(items) } : {}),
      ...(format === 'zip' ? { includeMedia: true } : {}),
    });
    expect(peopleIn(text)).toEqual([]);
    expect(text).toMatch(/u_[0-9a-f]{16}/);
  });

  it('names the file after the pseudonym of the account it is about, never its username', async () => {
    const username = richAccount(world).username;
    const result = await run(items, { format: 'ndjson', pseudonymise, name: { target: username, list: 'followers', person: true } });
    expect(basename(result.path)).not.toContain(username);
    expect(basename(result.path)).toMatch(/^simulated_u_[0-9a-f]{16}_followers_\d{4}-\d{2}-\d{2}(-\d+)?\.ndjson$/);
  });

  it('keeps the raw records (pseudonymised) and says so in the manifest', async () => {
    const result = await run(items, { format: 'ndjson', pseudonymise });
    const manifest = JSON.parse(readFileSync(result.manifestPath ?? '', 'utf8')) as Manifest;
    expect(manifest.pseudonymisation).toMatchObject({ method: 'HMAC-SHA256', project: 'study-a', rawRecords: 'pseudonymised', rawDropped: 0 });
    const lines = readFileSync(result.path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { raw: unknown });
    expect(lines.every((l) => l.raw !== null)).toBe(true);
  });
});

function columnsOf(items: SavedItem[]): 'posts' | 'users' | 'stories' | 'comments' {
  const kind = items[0]?.record.kind;
  return kind === 'comment' ? 'comments' : kind === 'story' || kind === 'highlight' ? 'stories' : kind === 'post' ? 'posts' : 'users';
}

describe('pseudonyms across exports', () => {
  it('gives a person the same pseudonym in every export of a project, for the id and the username alike', async () => {
    const account = richAccount(world);
    const posts = await app.collect('/v1/user/medias/chunk', { user_id: account.pk });
    const profile = await app.collect('/v1/user/by/username', { username: account.username });
    const own = (rows: Record<string, string>[]) => rows.filter((r, i) => world.mediaByPk.get((posts[i]?.record as Post).id)?.ownerPk === account.pk);

    const postRows = csvObjects(readFileSync((await run(posts, { pseudonymise })).path, 'utf8')).rows;
    const userRows = csvObjects(readFileSync((await run(profile, { pseudonymise })).path, 'utf8')).rows;
    const alias = userRows[0]?.['id'];
    expect(alias).toMatch(/^u_[0-9a-f]{16}$/);
    expect(userRows[0]?.['username']).toBe(alias);
    // No profile link built from a pseudonym (it would point at whoever has that username): the request.
    expect(userRows[0]?.['collected_from_url']).toBe(`/v1/user/by/username?username=${alias}`);
    expect(own(postRows).length).toBeGreaterThan(0);
    for (const row of own(postRows)) expect([row['author_id'], row['author']]).toEqual([alias, alias]);

    // Another project: another key, other pseudonyms.
    const other = csvObjects(readFileSync((await run(profile, { pseudonymise: { ...pseudonymise, project: 'study-b' } })).path, 'utf8')).rows;
    expect(other[0]?.['id']).toMatch(/^u_[0-9a-f]{16}$/);
    expect(other[0]?.['id']).not.toBe(alias);
    // The project's key is 32 random bytes in its keychain entry, and never in an export.
    const key = await (await keys('study-a')).get();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await keys('study-b')).get()).not.toBe(key);
    const everything = await exportedText(profile, { format: 'zip', pseudonymise });
    expect(everything).not.toContain(key ?? '-');
    expect(everything).not.toContain(Buffer.from(key ?? '', 'hex').toString('base64'));
  });

  it('keeps one key per project for the session, even when the keychain falls back to memory', async () => {
    const account = richAccount(world);
    const profile = await app.collect('/v1/user/by/username', { username: account.username });
    // A store opened anew for every export, as a memory fallback would be: empty each time.
    const handlers = createExportHandlers({ downloadFolder: () => folder, version: 't', emit: () => undefined, projectKeys: async () => createMemoryStore() });
    const exportOnce = async () => {
      const result = await handlers.exportRun(OPS.exportRun.parse({ items: profile, format: 'csv', pseudonymise: { project: 'memory-only' } }), { senderId: 1 });
      const manifest = JSON.parse(readFileSync(result.manifestPath ?? '', 'utf8')) as Manifest;
      return { id: csvObjects(readFileSync(result.path, 'utf8')).rows[0]?.['id'], manifest };
    };
    const first = await exportOnce();
    const second = await exportOnce();
    expect(second.id).toBe(first.id);
    expect(first.manifest.pseudonymisation).toMatchObject({ keyPersistent: false, keyStorage: 'Memory (this session only)' });
    expect(second.manifest.pseudonymisation?.keyFingerprint).toBe(first.manifest.pseudonymisation?.keyFingerprint);
  });

  it('applies the options: names, pictures and free text dropped', async () => {
    const account = richAccount(world);
    const posts = await app.collect('/v1/user/medias/chunk', { user_id: account.pk });
    const kept = csvObjects(readFileSync((await run(posts, { pseudonymise })).path, 'utf8')).rows;
    const dropped = csvObjects(
      readFileSync((await run(posts, { pseudonymise: { ...pseudonymise, dropNames: true, dropPictures: true, dropText: true } })).path, 'utf8'),
    ).rows;
    // By default a full name is replaced by the person's pseudonym and a caption keeps its text.
    expect(kept.every((r) => r['author_fullname'] === r['author'])).toBe(true);
    expect(kept.some((r) => /@u_[0-9a-f]{16}/.test(r['body'] ?? ''))).toBe(true);
    expect(kept.every((r) => r['author_avatar_url'] !== '')).toBe(true);
    expect(dropped.every((r) => r['author_fullname'] === '' && r['coauthor_fullnames'] === '')).toBe(true);
    expect(dropped.every((r) => r['author_avatar_url'] === '' && r['body'] === '')).toBe(true);
    // Hashtags and the people named in captions stay usable (as pseudonyms).
    expect(dropped.map((r) => r['hashtags'])).toEqual(kept.map((r) => r['hashtags']));
    expect(dropped.map((r) => r['author'])).toEqual(kept.map((r) => r['author']));
  });
});

describe('raw records that still name someone', () => {
  it('are left out of the export (null), counted in the manifest, and never written in clear', async () => {
    const account = richAccount(world);
    const posts = (await app.collect('/v1/user/medias/chunk', { user_id: account.pk })).slice(0, 6);
    const owner = Number(account.pk);
    expect(Number.isSafeInteger(owner)).toBe(true);
    // The second item's raw record carries the owner's id where no rule rewrites it (a plain `id` number).
    const items = posts.map((it, i) => (i === 1 ? { ...it, record: { ...it.record, raw: { ...(it.record.raw as object), reshared_from: { id: owner } } } } : it));
    const result = await run(items, { format: 'ndjson', pseudonymise });
    const lines = readFileSync(result.path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { raw: unknown });
    expect(lines.map((l) => l.raw === null)).toEqual(items.map((_, i) => i === 1));
    const manifest = JSON.parse(readFileSync(result.manifestPath ?? '', 'utf8')) as Manifest;
    expect(manifest.pseudonymisation?.rawDropped).toBe(1);
    expect(readFileSync(result.path, 'utf8')).not.toContain(account.pk);
  });
});

describe('strings that name someone of the export, however written', () => {
  const key = Buffer.alloc(32, 3);
  // Synthetic people: an id, a username and a full name each.
  const people = [
    { kind: 'user', id: '81234567', username: 'mira.solis', fullName: 'Mira Solís' },
    { kind: 'user', id: '82345678', username: 'jo_ren', fullName: 'Jonas Renn' },
  ];
  const pz = createPseudonymiser(key, pseudonymise);
  for (const p of people) pz.learnRecord(p);
  pz.freeze();
  const mira = pseudonymOf(key, { id: '81234567' });
  const jonas = pseudonymOf(key, { id: '82345678' });

  it.each([
    ['met MIRA.SOLIS today', `met ${mira} today`],
    ['thanks .mira.solis. and jo_ren!', `thanks .${mira}. and ${jonas}!`],
    // NFD (e + combining accent) is the same name as NFC.
    ['photo by Mira Soli\u0301s', `photo by ${mira}`],
    ['Jonas Renn', jonas],
    ['https://example.org/u/81234567/mira.solis', `https://example.org/u/${mira}/${mira}`],
    // A media host's link: ids only (its other words are signatures, not names).
    ['https://scontent.cdninstagram.com/v/t51.2885-19/81234567_n.jpg?jo_ren', `https://scontent.cdninstagram.com/v/t51.2885-19/${mira}_n.jpg?jo_ren`],
    ['HTTPS://Scontent.CDNinstagram.COM/v/81234567_n.jpg?jo_ren', `HTTPS://Scontent.CDNinstagram.COM/v/${mira}_n.jpg?jo_ren`],
    // Look-alikes of a media host's link are any other string: names replaced too.
    ['https://cdninstagram.com/v/81234567?jo_ren', `https://cdninstagram.com/v/${mira}?${jonas}`],
    ['https://x.cdninstagram.com.example.org/v?jo_ren', `https://x.cdninstagram.com.example.org/v?${jonas}`],
    ['https\u001a//x.cdninstagram.com/v?jo_ren', `https\u001a//x.cdninstagram.com/v?${jonas}`],
    ['https://x.cdninstagram.com/v?jo_ren and more', `https://x.cdninstagram.com/v?${jonas} and more`],
    ['3776832898280228145_82345678', `3776832898280228145_${jonas}`],
    ['no one here: mira.solisx, 812345678, Jonas Ren', 'no one here: mira.solisx, 812345678, Jonas Ren'],
  ])('%s', (text, expected) => {
    expect(pz.apply({ note: text })).toEqual({ note: expected });
    expect(pz.applyChecked({ note: text }).leaks).toBe(false);
  });
});

describe('the walker on records of the interface document', () => {
  const key = Buffer.alloc(32, 7);
  const post = normalizeRecord('post', loadAnswer('v1-media-by-code-carousel.json'), { family: 'v1', path: '/v1/media/by/code' }) as Post;

  function pseudonymised(value: unknown, drop: Partial<typeof pseudonymise> = {}) {
    const pz = createPseudonymiser(key, { ...pseudonymise, ...drop });
    pz.learn(value);
    pz.freeze();
    return pz.apply(value) as Post;
  }

  it('rewrites @mentions to the same pseudonym as the tagged person with that username', () => {
    const out = pseudonymised({ ...post, raw: undefined });
    const tagged = post.usertags[0]?.user;
    const alias = pseudonymOf(key, { id: tagged?.id ?? '' });
    expect(out.usertags[0]?.user.id).toBe(alias);
    expect(out.caption.mentions).toContain(alias);
    expect(out.caption.text).toContain(`@${alias}`);
    expect(out.caption.text).not.toMatch(/tom_dubois/i);
    // The hashtags are no people: left as they are.
    expect(out.caption.hashtags).toEqual(post.caption.hashtags);
  });

  it('checks the copy for people left in clear in the same walk that makes it', () => {
    const pz = createPseudonymiser(key, pseudonymise);
    pz.learn(post);
    pz.freeze();
    const clean = pz.applyChecked(post.raw);
    expect(clean).toEqual({ value: pz.apply(post.raw), leaks: false });
    // A number under a plain `id` outside a person object is copied as it is: here the owner's id.
    const owner = Number(post.owner?.id);
    expect(Number.isSafeInteger(owner)).toBe(true);
    const leaky = { ...(post.raw as object), reshared_from: { id: owner } };
    const checked = pz.applyChecked(leaky);
    expect(checked.value).toEqual(pz.apply(leaky));
    expect(JSON.stringify(checked.value)).toContain(`"id":${owner}`);
    expect(checked.leaks).toBe(true);
    expect(pz.leaks(checked.value)).toBe(true);
  });

  it("scrubs the owner from the media id and the raw record, keeping the post's own ids", () => {
    const out = pseudonymised(post);
    expect(out.id).toBe(post.id);
    expect(out.mediaId).toBe(`${post.id}_${pseudonymOf(key, { id: post.owner?.id ?? '' })}`);
    const raw = JSON.stringify(out.raw);
    expect(raw).not.toContain(post.owner?.id ?? '-');
    expect(raw).not.toMatch(/lea\.martin_photo|Léa Martin|tom_dubois|anna\.k\.studio/);
    expect(raw).toContain(post.code ?? '-');
  });
});
