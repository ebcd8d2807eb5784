// Links, @handles and #tags pasted into a parameter, read as the omnibox reads them (shared/links.ts)
// and turned into the value that parameter takes: a post link into a media pk or short code, a profile
// link into a username, a story, highlight, place or sound link into its id.
import type { ParamSpec } from '../../../../shared/api/catalog';
import { parseTarget, type Target } from '../../../../shared/links';

/** What a parameter holds, as far as links can fill it. */
type Slot = 'username' | 'media' | 'post_code' | 'share_code' | 'story' | 'highlight' | 'location' | 'hashtag' | 'track' | 'account' | null;

export function slotOf(spec: ParamSpec): Slot {
  const about = (spec.description ?? '').toLowerCase();
  switch (spec.name) {
    case 'username':
      return 'username';
    case 'media_id':
    case 'media_ids':
    case 'pk':
      return 'media';
    case 'code':
      return about.includes('share') ? 'share_code' : 'post_code';
    case 'location_pk':
      return 'location';
    case 'track_id':
      return 'track';
    case 'user_id':
      return 'account';
    case 'name':
      return spec.rule === 'hashtag_name' ? 'hashtag' : null;
    case 'id':
      if (about.startsWith('media id')) return 'media';
      if (about.startsWith('story id')) return 'story';
      if (about.startsWith('highlight id')) return 'highlight';
      if (about.startsWith('location id')) return 'location';
      if (about.includes('account id')) return 'account';
      return null;
    default:
      return null;
  }
}

export type Understood = { value: string; note: string } | { hint: string };

/** The value `target` gives a parameter of this slot, or why it gives none. */
function valueFor(slot: Exclude<Slot, null>, target: Target): Understood | null {
  switch (target.kind) {
    case 'profile':
      if (slot === 'username') return { value: target.username, note: `the username of @${target.username}` };
      if (slot === 'account') return { hint: `That is @${target.username}'s profile: this parameter takes the numeric account id. Get it with /v1/user/by/username (its pk).` };
      return null;
    case 'post':
      if (slot === 'media' && target.pk) return { value: target.pk, note: `the media pk of post ${target.code}` };
      if (slot === 'post_code') return { value: target.code, note: `the short code of the post link` };
      return null;
    case 'story':
      if (slot === 'story' || slot === 'media') return { value: target.storyPk, note: `the story id from @${target.username}'s story link` };
      if (slot === 'username') return { value: target.username, note: `the username of the story's account` };
      return null;
    case 'highlight':
      return slot === 'highlight' ? { value: target.highlightPk, note: 'the highlight id from the link' } : null;
    case 'share':
      if (slot === 'share_code') return { value: target.code, note: 'the code of the share link' };
      if (target.decoded && (slot === 'story' || slot === 'highlight') && target.decoded.type === slot) {
        return { value: target.decoded.pk, note: `the ${slot} id the share link names` };
      }
      return null;
    case 'hashtag':
      return slot === 'hashtag' ? { value: target.name, note: `the hashtag name, without #` } : null;
    case 'location':
      return slot === 'location' ? { value: target.pk, note: 'the place id from the link' } : null;
    case 'audio':
      return slot === 'track' ? { value: target.id, note: 'the sound id from the link' } : null;
    default:
      return null;
  }
}

/**
 * What pasted text means for this parameter: a value to put in its place (with a note saying what was
 * read), a hint when the link names something this parameter cannot take, or null when the text is not
 * a link, @handle or #tag this parameter reads (then it is left as typed). Lists are read item by item.
 */
export function understand(spec: ParamSpec, text: string): Understood | null {
  const slot = slotOf(spec);
  const input = text.trim();
  if (slot === null || input === '') return null;
  if (spec.type === 'string[]') {
    const items = input.split(/[\s,]+/).filter(Boolean);
    const read = items.map((item) => understand({ ...spec, type: 'string' }, item));
    if (read.every((r) => r === null)) return null;
    const hint = read.find((r): r is { hint: string } => r !== null && 'hint' in r);
    if (hint) return hint;
    const values = items.map((item, i) => {
      const r = read[i];
      return r && 'value' in r ? r.value : item;
    });
    return { value: values.join(', '), note: `${read.filter(Boolean).length} of ${items.length} read from links` };
  }
  // A media id in the service's own form, `<pk>_<owner id>`, is already what media parameters take.
  if (slot === 'media' && /^\d+_\d+$/.test(input)) return null;
  const target = parseTarget(input);
  if (target.kind === 'invalid' || target.kind === 'search' || target.kind === 'numeric') return null;
  return valueFor(slot, target);
}

/**
 * The value a field sends: a link, @handle or #tag it reads is read now, even before the field is left
 * (a Send or Enter with the cursor still in it sends what the link names, never the link itself).
 */
export function valueToSend(spec: ParamSpec, text: string): { value: string; read: Understood | null } {
  const read = understand(spec, text);
  return read && 'value' in read ? { value: read.value, read } : { value: text, read: null };
}
