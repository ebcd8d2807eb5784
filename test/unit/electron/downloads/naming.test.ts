import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import type { Highlight, Post, Story } from '../../../../shared/records';
import { extFromContentType, extFromUrl, parseTemplate, renderName, sanitizeName, type NameFields, type ParsedTemplate } from '../../../../electron/downloads/naming';
import { planItem, type PlannedGroup } from '../../../../electron/downloads/plan';
import { fixtureRecords } from './support';

// Independent checks of a name's validity on each platform (from the platforms' documented rules).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
function validOnWindows(name: string): boolean {
  const bytes = Buffer.byteLength(name);
  return (
    bytes > 0 &&
    bytes <= 255 &&
    // eslint-disable-next-line no-control-regex
    !/[<>:"/\\|?*\u0000-\u001f]/.test(name) &&
    !/[. ]$/.test(name) &&
    !WINDOWS_RESERVED.test((name.split('.')[0] ?? '').trimEnd())
  );
}
function validOnPosix(name: string): boolean {
  const bytes = Buffer.byteLength(name);
  return bytes > 0 && bytes <= 255 && !name.includes('/') && !name.includes('\0') && name !== '.' && name !== '..';
}

function template(source: string): ParsedTemplate {
  const t = parseTemplate(source);
  if (!t.ok) throw new Error(t.message);
  return t.template;
}

const FOLDER_POSIX = '/home/ada/Downloads/Feedlens';
const provenance = { path: '/v1/media/by/code', params: { code: 'DRqAYKuAIUx' }, requestId: null, fetchedAt: Date.UTC(2026, 3, 3, 9, 0, 0) };

function plan(record: unknown, source = DEFAULT_FILENAME_TEMPLATE, videoCovers = false): PlannedGroup[] {
  return planItem(structuredClone(record) as Record<string, unknown>, provenance, { template: template(source), folder: FOLDER_POSIX, videoCovers });
}

/** A file's path relative to the download folder, with its extension. */
const rel = (base: string, ext: string | null) => posix.relative(FOLDER_POSIX, `${base}.${ext}`);

/** Instaloader's `{date_utc}` of an ISO time string from a fixture: 2026-04-01T13:00:03Z -> 2026-04-01_13-00-03. */
const instaloaderDate = (iso: string) => iso.slice(0, 19).replace('T', '_').replace(/:/g, '-');

describe('sanitizing names', () => {
  const cases: [string, string, string][] = [
    ['reserved device name', 'CON', '_CON'],
    ['reserved name with an extension', 'con.txt', '_con.txt'],
    ['reserved name, any case, several dots', 'Com1.tar.gz', '_Com1.tar.gz'],
    ['reserved printer port', 'LPT9', '_LPT9'],
    ['reserved name with trailing spaces before the dot', 'NUL .png', '_NUL .png'],
    ['not reserved: longer word', 'CONSOLE', 'CONSOLE'],
    ['path separators', 'a/b\\c', 'a_b_c'],
    ['characters Windows refuses', 'what?<>:"|*', 'what_______'],
    ['parent folder', '..', '_'],
    ['current folder', '.', '_'],
    ['hidden file', '.hidden', '_hidden'],
    ['trailing dots and spaces', 'name. . ', 'name'],
    ['control characters', 'tab\there\nnew\u0000', 'tab_here_new_'],
    ['C1 control character', 'a\u0085b', 'a_b'],
    ['bidirectional override hiding an extension', 'photo\u202egpj.exe', 'photogpj.exe'],
    ['Unicode NFD becomes NFC', 'Cafe\u0301', 'Caf\u00e9'],
    ['empty', '', '_'],
  ];
  it.each(cases)('%s', (_why, input, expected) => {
    const out = sanitizeName(input);
    expect(out).toBe(expected);
    expect(validOnWindows(out)).toBe(true);
    expect(validOnPosix(out)).toBe(true);
  });

  it('keeps names within 255 bytes without splitting a character', () => {
    for (const input of ['é'.repeat(200), '🇵🇹'.repeat(100), 'a'.repeat(400)]) {
      const out = sanitizeName(input);
      expect(Buffer.byteLength(out)).toBeLessThanOrEqual(255);
      expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out); // no broken UTF-8 sequence
      expect(out.replace(/\uFFFD/g, '')).toBe(out);
      expect(input.startsWith(out)).toBe(true);
    }
  });

  it('the names it produces are valid on Windows and POSIX whatever the input', () => {
    const nasty = ['AUX', 'a:b', ' lead', 'x'.repeat(300), '..\\..\\Windows', '../../etc/passwd', 'trail...', 'COM³', '\u202e\u202d', 'ok'];
    for (const input of nasty) {
      const out = sanitizeName(input);
      expect(validOnWindows(out), `${JSON.stringify(input)} -> ${JSON.stringify(out)}`).toBe(true);
      expect(validOnPosix(out), `${JSON.stringify(input)} -> ${JSON.stringify(out)}`).toBe(true);
    }
  });
});

describe('very long values (a hostile record)', () => {
  const fields = (username: string): NameFields => ({ username, ownerId: '51234567', takenAt: 1775048403, shortcode: 'DRqAYKuAIUx', pk: '3776832898280228145', mediaId: '3776832898280228145_51234567', index: null, kind: 'post', title: '', highlightId: '' });
  const template = (parseTemplate(DEFAULT_FILENAME_TEMPLATE) as { ok: true; template: ParsedTemplate }).template;

  // Cutting one character at a time from an 80,000-character name was quadratic and froze main for 16 s
  // (this test then runs into the test timeout). The name is the one of the same value cut to 300 characters.
  it.each([
    ['ASCII', 'a'],
    ['two-byte letters', 'é'],
    ['emoji', '😀'],
  ])('an 80,000-character username (%s) gives the name its first characters give, in a moment', (_name, unit) => {
    const long = unit.repeat(80_000);
    const names = renderName(template, fields(long));
    expect(names).toEqual(renderName(template, fields(unit.repeat(300))));
    for (const name of names) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(sanitizeName(`x${long}`)).toBe(sanitizeName(`x${unit.repeat(300)}`));
  });
});

describe('filename templates', () => {
  it('accepts the default template', () => {
    expect(parseTemplate(DEFAULT_FILENAME_TEMPLATE).ok).toBe(true);
  });

  it.each([
    ['{user}/{shortcode}', '{user} is not a token'],
    ['{username}/{date_utc', 'is not part of a {token}'],
    ['/abs/{shortcode}', 'relative'],
    ['C:\\x\\{shortcode}', 'relative'],
    ['../{shortcode}', 'cannot be a folder name'],
    ['{username}//{shortcode}', 'empty folder name'],
    ['{username}/{date_utc}', 'needs {shortcode}, {pk} or {media_id}'],
    ['{shortcode}/{username}', 'needs {shortcode}, {pk} or {media_id}'],
    ['   ', 'empty'],
  ])('refuses %j with a clear message', (source, message) => {
    const t = parseTemplate(source);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.message).toContain(message);
  });
});

describe('the default layout', () => {
  const [carousel] = fixtureRecords('v1-media-by-code-carousel.json', '/v1/media/by/code') as Post[];
  const raw = carousel?.raw as { taken_at: string; code: string; user: { username: string }; resources: unknown[] };

  it('names carousel items <username>/<date>_UTC_<shortcode>_<n>.<ext>, each with its own extension', () => {
    const [group] = plan(carousel);
    const expectedBase = `${raw.user.username}/${instaloaderDate(raw.taken_at)}_UTC_${raw.code}`;
    expect(raw.resources.length).toBeGreaterThan(1);
    expect(group?.files.map((f) => rel(f.base, f.ext))).toEqual(
      carousel?.children.map((child, i) => `${expectedBase}_${i + 1}.${child.mediaType === 'video' ? 'mp4' : 'jpg'}`),
    );
    expect(posix.relative(FOLDER_POSIX, `${group?.sidecarBase}.json`)).toBe(`${expectedBase}.json`);
    // Archived by media id + carousel index.
    expect(group?.files.map((f) => f.key)).toEqual(carousel?.children.map((_, i) => `post:${carousel.id}#${i + 1}`));
  });

  it('a template without {index} still gives carousel items distinct names', () => {
    const [group] = plan(carousel, '{username}/{shortcode}');
    const names = group?.files.map((f) => rel(f.base, null)) ?? [];
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe(`${raw.user.username}/${raw.code}_1.null`);
  });

  it('puts stories under <username>/stories/', () => {
    const stories = fixtureRecords('v1-user-stories.json', '/v1/user/stories') as Story[];
    const rawStories = stories.map((s) => s.raw as { taken_at: string; code: string; user: { username: string }; video_url: string | null });
    const names = stories.flatMap((s) => plan(s)).flatMap((g) => g.files.map((f) => rel(f.base, f.ext)));
    expect(names).toEqual(rawStories.map((r) => `${r.user.username}/stories/${instaloaderDate(r.taken_at)}_UTC_${r.code}.${r.video_url ? 'mp4' : 'jpg'}`));
  });

  it('puts each highlight story under <username>/highlights/<title>/', () => {
    const [highlight] = fixtureRecords('v1-highlight-by-url.json', '/v1/highlight/by/url') as Highlight[];
    const rawH = highlight?.raw as { title: string; user: { username: string }; items: { taken_at: string; code: string; video_url: string | null }[] };
    const groups = plan(highlight);
    expect(groups.map((g) => g.kind)).toEqual(rawH.items.map(() => 'highlight'));
    expect(groups.flatMap((g) => g.files.map((f) => rel(f.base, f.ext)))).toEqual(
      rawH.items.map((item) => `${rawH.user.username}/highlights/${rawH.title}/${instaloaderDate(item.taken_at)}_UTC_${item.code}.${item.video_url ? 'mp4' : 'jpg'}`),
    );
  });

  it('puts a profile picture under <username>/profile_pic/, dated when it was fetched', () => {
    const [profile] = fixtureRecords('v1-user-by-id-personal.json', '/v1/user/by/id');
    const rawP = profile?.raw as { username: string; pk: number };
    const [group] = plan(profile);
    const fetched = new Date(provenance.fetchedAt).toISOString();
    expect(group?.files.map((f) => rel(f.base, f.ext))).toEqual([`${rawP.username}/profile_pic/${instaloaderDate(fetched)}_UTC_${rawP.pk}.jpg`]);
  });

  it('saves the cover of a video when asked, beside the video', () => {
    const [highlight] = fixtureRecords('v1-highlight-by-url.json', '/v1/highlight/by/url') as Highlight[];
    const video = highlight?.items.find((s) => s.mediaType === 'video');
    const [group] = plan(video, DEFAULT_FILENAME_TEMPLATE, true);
    expect(group?.files.map((f) => [f.role, f.ext])).toEqual([
      ['media', 'mp4'],
      ['cover', 'jpg'],
    ]);
    expect(group?.files[0]?.base).toBe(group?.files[1]?.base);
  });

  it('refuses records with nothing to download', () => {
    expect(() => plan({ kind: 'comment', id: '1' })).toThrow(/no media/);
    expect(() => plan({ kind: 'post', id: '../../1' })).toThrow(/no id/);
  });
});

describe('tokens cannot escape the download folder', () => {
  const [carousel] = fixtureRecords('v1-media-by-code-carousel.json', '/v1/media/by/code') as Post[];
  const [highlight] = fixtureRecords('v1-highlight-by-url.json', '/v1/highlight/by/url') as Highlight[];

  function hostile(username: string, title: string): PlannedGroup[] {
    const post = structuredClone(carousel) as Post;
    if (post.owner) post.owner.username = username;
    const h = structuredClone(highlight) as Highlight;
    h.title = title;
    if (h.owner) h.owner.username = username;
    return [...plan(post, '{username}/{title}/{kind}/{shortcode}{index}'), ...plan(h, '{username}/{title}/{shortcode}')];
  }

  it.each([
    ['../../../etc', '..'],
    ['..\\..\\Windows', '..\\..\\System32'],
    ['/etc/passwd', '/root'],
    ['C:\\Windows', 'C:'],
    ['CON', 'AUX.'],
    ['\u0000evil', ' . '],
  ])('username %j, title %j', (username, title) => {
    for (const group of hostile(username, title)) {
      for (const path of [group.sidecarBase, ...group.files.map((f) => f.base)]) {
        const inside = posix.relative(FOLDER_POSIX, path);
        expect(inside.startsWith('..') || posix.isAbsolute(inside)).toBe(false);
        // The same components must also stay inside on Windows, each a valid name there.
        const parts = inside.split('/');
        for (const part of parts) expect(validOnWindows(part) && validOnPosix(part), JSON.stringify(part)).toBe(true);
        const winPath = win32.join('C:\\Users\\ada\\Downloads\\Feedlens', ...parts);
        expect(win32.relative('C:\\Users\\ada\\Downloads\\Feedlens', winPath).startsWith('..')).toBe(false);
      }
    }
  });

  it('shortens a long title keeping the shortcode and room for the extension', () => {
    const h = structuredClone(highlight) as Highlight;
    h.title = 'Très longue histoire '.repeat(30);
    const code = (h.items[0]?.raw as { code: string }).code;
    const groups = plan(h, '{title}_{shortcode}');
    const file = groups[0]?.files[0];
    const name = posix.basename(file?.base ?? '');
    expect(name.endsWith(`_${code}`)).toBe(true);
    expect(Buffer.byteLength(`${name}.${file?.ext}.part`)).toBeLessThanOrEqual(255);
    // The highlight folder named after the title is cut to 255 bytes too.
    const folder = posix.basename(posix.dirname(file?.base ?? ''));
    expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(255);
  });
});

describe('extensions', () => {
  it('reads them from CDN URLs with query strings, else from the content type', () => {
    expect(extFromUrl('https://scontent-cdg4-2.cdninstagram.com/v/t51.2885-15/491_n.jpg?stp=dst-jpg_e35&oe=69F1A2B3')).toBe('jpg');
    expect(extFromUrl('https://scontent-cdg4-3.cdninstagram.com/o1/v/t16/f2/m86/AQN_720.mp4?efg=e30&oe=69F1A2B3')).toBe('mp4');
    expect(extFromUrl('http://127.0.0.1:1234/media/img/4017455846635085401.png?w=720&h=1280&oe=6b05d0a0')).toBe('png');
    expect(extFromUrl('https://cdn.example/v/abc?format=jpg')).toBeNull();
    expect(extFromContentType('image/jpeg; charset=binary')).toBe('jpg');
    expect(extFromContentType('text/html')).toBeNull();
  });
});
