// What a saved item expands into: the files to fetch and where they go. A post gives its image or video
// (largest rendition), a carousel each child `_1.._N`, a story its image or video under stories/, a
// highlight each of its stories under highlights/<title>/, a profile its picture under profile_pic/.
// Records come from the renderer: every field used is checked here, nothing is trusted.
import type { Provenance } from '../../shared/ipc';
import { pkToShortcode } from '../../shared/links';
import { extFromUrl, formatDateUtc, pathInside, renderName, type NameFields, type NameKind, type ParsedTemplate } from './naming';
import { isDict, type Dict } from '../../shared/guards';

export type GroupKind = 'post' | 'story' | 'highlight' | 'profile';

/** How to ask the service again for a fresh URL of a file whose URL expired. */
export interface RefreshRef {
  path: '/v1/media/by/id' | '/v1/story/by/id' | '/v1/user/by/id';
  id: string;
  /** Carousel item: which child of the answer (by pk, else by position). */
  childId: string | null;
  childIndex: number | null;
  role: FileRole;
}

export type FileRole = 'media' | 'cover';

export interface PlannedFile {
  /** Archive key and download id: media id + carousel index (see docs/downloads.md). */
  key: string;
  label: string;
  /** Pk of the media this file shows (the child's for a carousel item). */
  mediaPk: string;
  index: number | null;
  role: FileRole;
  url: string;
  /** From the URL; null when only the answer's Content-Type will tell. */
  ext: string | null;
  /** The extension when neither the URL nor the Content-Type tells. */
  fallbackExt: 'jpg' | 'mp4';
  /** Absolute path without extension. */
  base: string;
  /** Epoch seconds, for the file's modification time. */
  takenAt: number | null;
  refresh: RefreshRef | null;
}

/** One saved item: one sidecar and one library entry, with one or more files. */
export interface PlannedGroup {
  id: string;
  kind: GroupKind;
  username: string | null;
  ownerId: string | null;
  takenAt: number | null;
  /** Absolute path of the sidecar without `.json`. */
  sidecarBase: string;
  /** The normalised record (for highlight items: the story). */
  record: Record<string, unknown>;
  provenance: Provenance;
  highlight: { id: string; title: string | null } | null;
  files: PlannedFile[];
}

export interface PlanOptions {
  template: ParsedTemplate;
  /** Absolute download folder. */
  folder: string;
  /** Also save the cover image of videos. */
  videoCovers: boolean;
}

export class PlanError extends Error {}

function idString(v: unknown): string | null {
  return typeof v === 'string' && /^\d{1,40}$/.test(v) ? v : null;
}

function textOf(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function timeOf(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 4000) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The first URL of a MediaFile list (records keep them largest first). */
function largestUrl(files: unknown): string | null {
  if (!Array.isArray(files)) return null;
  for (const f of files) {
    const url = isDict(f) ? httpUrl(f.url) : null;
    if (url !== null) return url;
  }
  return null;
}

interface Owner {
  id: string | null;
  username: string | null;
}

function ownerOf(record: Dict, fallback: Owner | null = null): Owner {
  const owner = record.owner;
  if (!isDict(owner)) return fallback ?? { id: null, username: null };
  return { id: idString(owner.id) ?? fallback?.id ?? null, username: textOf(owner.username) ?? fallback?.username ?? null };
}

function shortcodeOf(code: unknown, pk: string): string {
  return textOf(code) ?? pkToShortcode(pk);
}

/** The pk of the carousel a standalone carousel item belongs to (`carousel_parent_id` in its raw). */
function carouselParentPk(record: Dict): string | null {
  const raw = record.raw;
  const parent = isDict(raw) ? raw.carousel_parent_id : undefined;
  const pk = typeof parent === 'string' || typeof parent === 'number' ? String(parent).split('_')[0] : undefined;
  return idString(pk);
}

function labelOf(owner: Owner, time: number, extra: string | null): string {
  const who = owner.username !== null ? `@${owner.username}` : owner.id !== null ? `#${owner.id}` : 'unknown account';
  return [who, formatDateUtc(time).slice(0, 10), extra].filter((x) => x !== null).join(' · ');
}

function baseFields(owner: Owner, takenAt: number): Pick<NameFields, 'username' | 'ownerId' | 'takenAt'> {
  return { username: owner.username ?? owner.id ?? 'unknown', ownerId: owner.id ?? 'unknown', takenAt };
}

function fileOf(opts: PlanOptions, fields: NameFields, file: Omit<PlannedFile, 'base' | 'ext' | 'fallbackExt'>, video = false): PlannedFile {
  return { ...file, ext: extFromUrl(file.url), fallbackExt: video ? 'mp4' : 'jpg', base: pathInside(opts.folder, renderName(opts.template, fields)) };
}

/** The media and, when asked, cover files of one post-like record (a post, a carousel item or a story). */
function mediaFiles(
  opts: PlanOptions,
  record: Dict,
  fields: NameFields,
  common: { key: string; label: string; takenAt: number | null; refresh: Omit<RefreshRef, 'role'> | null },
): PlannedFile[] {
  const video = largestUrl(record.videos);
  const image = largestUrl(record.images) ?? httpUrl(record.thumbnailUrl);
  const mediaPk = fields.pk;
  const out: PlannedFile[] = [];
  const main = video ?? image;
  if (main === null) return out;
  const ref = (role: FileRole): RefreshRef | null => (common.refresh ? { ...common.refresh, role } : null);
  out.push(fileOf(opts, fields, { key: common.key, label: common.label, mediaPk, index: fields.index, role: 'media', url: main, takenAt: common.takenAt, refresh: ref('media') }, video !== null));
  if (opts.videoCovers && video !== null && image !== null) {
    const file = fileOf(opts, fields, { key: `${common.key}:cover`, label: `${common.label} · cover`, mediaPk, index: fields.index, role: 'cover', url: image, takenAt: common.takenAt, refresh: ref('cover') });
    // Same name as the video: only the extension tells them apart, so the cover gets its own.
    out.push(file.ext !== null && file.ext === out[0]?.ext ? { ...file, base: `${file.base}_cover` } : file);
  }
  return out;
}

function planPost(record: Dict, provenance: Provenance, opts: PlanOptions): PlannedGroup {
  const pk = idString(record.id);
  if (pk === null) throw new PlanError('the post has no id');
  const owner = ownerOf(record);
  const takenAt = timeOf(record.takenAt);
  const time = takenAt ?? provenance.fetchedAt / 1000;
  const children = Array.isArray(record.children) ? record.children.filter(isDict) : [];
  const mediaId = textOf(record.mediaId) ?? pk;
  const index = typeof record.index === 'number' && Number.isInteger(record.index) && record.index > 0 ? record.index : null;
  const parentPk = index !== null ? carouselParentPk(record) : null;
  const isReel = record.productType === 'clips';
  const kind: NameKind = isReel ? 'reel' : 'post';

  // A carousel item chosen on its own is named and archived as part of its carousel.
  const namePk = parentPk ?? pk;
  const shortcode = parentPk !== null ? pkToShortcode(parentPk) : shortcodeOf(record.code, pk);
  const fields = (childPk: string, childIndex: number | null): NameFields => ({
    ...baseFields(owner, time),
    shortcode,
    pk: childPk,
    mediaId,
    index: childIndex,
    kind,
    title: '',
    highlightId: '',
  });
  const groupFields = fields(pk, parentPk !== null ? index : null);
  const files: PlannedFile[] = [];
  if (children.length > 0) {
    children.forEach((child, i) => {
      const childPk = idString(child.id);
      if (childPk === null) return;
      const n = i + 1;
      files.push(
        ...mediaFiles(opts, child, fields(childPk, n), {
          key: `post:${pk}#${n}`,
          label: labelOf(owner, time, `${n}/${children.length}`),
          takenAt,
          refresh: { path: '/v1/media/by/id', id: pk, childId: childPk, childIndex: n },
        }),
      );
    });
  } else {
    files.push(
      ...mediaFiles(opts, record, groupFields, {
        key: `post:${namePk}#${parentPk !== null ? index : 0}`,
        label: labelOf(owner, time, parentPk !== null ? `item ${index}` : null),
        takenAt,
        refresh: parentPk !== null ? { path: '/v1/media/by/id', id: parentPk, childId: pk, childIndex: index } : { path: '/v1/media/by/id', id: pk, childId: null, childIndex: null },
      }),
    );
  }
  return {
    id: parentPk !== null ? `post:${parentPk}#${index}` : `post:${pk}`,
    kind: 'post',
    username: owner.username,
    ownerId: owner.id,
    takenAt,
    sidecarBase: pathInside(opts.folder, renderName(opts.template, { ...groupFields, index: parentPk !== null ? index : null })),
    record,
    provenance,
    highlight: null,
    files,
  };
}

function planStory(record: Dict, provenance: Provenance, opts: PlanOptions, highlight: { id: string; title: string | null; owner: Owner } | null): PlannedGroup {
  const pk = idString(record.id);
  if (pk === null) throw new PlanError('the story has no id');
  const owner = ownerOf(record, highlight?.owner ?? null);
  const takenAt = timeOf(record.takenAt);
  const time = takenAt ?? provenance.fetchedAt / 1000;
  const fields: NameFields = {
    ...baseFields(owner, time),
    shortcode: shortcodeOf(record.code, pk),
    pk,
    mediaId: textOf(record.mediaId) ?? pk,
    index: null,
    kind: highlight ? 'highlight' : 'story',
    title: highlight?.title ?? '',
    highlightId: highlight?.id ?? '',
  };
  const key = highlight ? `highlight:${highlight.id}:${pk}` : `story:${pk}`;
  const files = mediaFiles(opts, record, fields, {
    key,
    label: labelOf(owner, time, highlight ? (highlight.title ?? 'highlight') : 'story'),
    takenAt,
    refresh: { path: '/v1/story/by/id', id: pk, childId: null, childIndex: null },
  });
  return {
    id: key,
    kind: highlight ? 'highlight' : 'story',
    username: owner.username,
    ownerId: owner.id,
    takenAt,
    sidecarBase: pathInside(opts.folder, renderName(opts.template, fields)),
    record,
    provenance,
    highlight: highlight ? { id: highlight.id, title: highlight.title } : null,
    files,
  };
}

function planHighlight(record: Dict, provenance: Provenance, opts: PlanOptions): PlannedGroup[] {
  const id = idString(record.id);
  if (id === null) throw new PlanError('the highlight has no id');
  const items = Array.isArray(record.items) ? record.items.filter(isDict) : [];
  if (items.length === 0) throw new PlanError('the highlight has no stories loaded: open it first');
  const owner = ownerOf(record);
  const highlight = { id, title: textOf(record.title), owner };
  return items.map((story) => planStory(story, provenance, opts, highlight));
}

/** The picture of a profile: the HD one when the raw record has it. */
function avatarUrlOf(record: Dict): string | null {
  const raw = record.raw;
  const info = isDict(raw) ? raw.hd_profile_pic_url_info : undefined;
  return (isDict(raw) ? httpUrl(raw.profile_pic_url_hd) : null) ?? (isDict(info) ? httpUrl(info.url) : null) ?? httpUrl(record.avatarUrl);
}

function planProfile(record: Dict, provenance: Provenance, opts: PlanOptions): PlannedGroup {
  const id = idString(record.id);
  if (id === null) throw new PlanError('the account has no id');
  const url = avatarUrlOf(record);
  if (url === null) throw new PlanError('the account has no profile picture');
  const owner = { id, username: textOf(record.username) };
  // A profile picture has no date of its own: the time it was fetched stands in.
  const time = provenance.fetchedAt / 1000;
  // Each picture is kept once: the file name in its URL identifies it (a new picture, a new name).
  const picture = (new URL(url).pathname.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '') || 'picture';
  const fields: NameFields = { ...baseFields(owner, time), shortcode: id, pk: id, mediaId: id, index: null, kind: 'profile_pic', title: '', highlightId: '' };
  const key = `profile:${id}:${picture}`;
  const file = fileOf(opts, fields, { key, label: labelOf(owner, time, 'profile picture'), mediaPk: id, index: null, role: 'media', url, takenAt: null, refresh: { path: '/v1/user/by/id', id, childId: null, childIndex: null, role: 'media' } });
  return {
    id: key,
    kind: 'profile',
    username: owner.username,
    ownerId: id,
    takenAt: null,
    sidecarBase: file.base,
    record,
    provenance,
    highlight: null,
    files: [file],
  };
}

/** The groups a saved item expands into; throws a PlanError when it has nothing to save. */
export function planItem(record: Dict, provenance: Provenance, opts: PlanOptions): PlannedGroup[] {
  let groups: PlannedGroup[];
  switch (record.kind) {
    case 'post':
      groups = [planPost(record, provenance, opts)];
      break;
    case 'story':
      groups = [planStory(record, provenance, opts, null)];
      break;
    case 'highlight':
      groups = planHighlight(record, provenance, opts);
      break;
    case 'profile':
    case 'user':
      groups = [planProfile(record, provenance, opts)];
      break;
    default:
      throw new PlanError(`a ${String(record.kind)} has no media to download`);
  }
  const withFiles = groups.filter((g) => g.files.length > 0);
  if (withFiles.length === 0) throw new PlanError('no media URL in the record');
  return withFiles;
}
