// What sits on a story frame, placed where the service says: mentions (-> profile), hashtags (-> hashtag
// page), locations (-> place page), links (platform links open in the browser, others are shown only),
// shared posts (-> post) and other stickers (named, not interactive).
import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import type { Story } from '../../../../shared/records';
import { openExternal } from '../../components/ExternalLink';
import { navigate } from '../../state/navigation';
import { isPlatformPage } from '../../../../shared/links';
import { hostOf, isPlainSticker, overlayRect, sharedPostsOf, stickerName, type Box } from './logic';

export type OverlayKind = 'mention' | 'hashtag' | 'location' | 'link' | 'post' | 'sticker';

export interface OverlayItem {
  key: string;
  kind: OverlayKind;
  box: Box;
  label: string;
  /** Accessible name of the control, or of the sticker's picture. */
  name: string;
  icon: string;
  /** Null for overlays that do nothing (other stickers, links outside the platform). */
  open: (() => void) | null;
  title?: string;
}

/**
 * Every overlay of a story, in reading order: mentions, hashtags, places, links, shared posts, stickers.
 * `simulated` (demo mode): platform links are not opened either, as the simulator invented what they name.
 */
export function overlaysOf(story: Story, simulated = false): OverlayItem[] {
  const items: OverlayItem[] = [];
  story.mentions.forEach((m, i) => {
    const handle = m.user.username ?? m.user.id;
    items.push({
      key: `m${i}`,
      kind: 'mention',
      box: m,
      label: m.user.username ? `@${m.user.username}` : 'Mentioned account',
      name: `Open the profile of ${m.user.username ? `@${m.user.username}` : `account ${m.user.id}`}`,
      icon: '@',
      open: () => navigate(m.user.username ? { name: 'profile', username: handle } : { name: 'profile', userId: m.user.id }),
    });
  });
  story.hashtags.forEach((h, i) =>
    items.push({ key: `h${i}`, kind: 'hashtag', box: h, label: `#${h.name}`, name: `Open the hashtag #${h.name}`, icon: '#', open: () => navigate({ name: 'hashtag', tag: h.name }) }),
  );
  story.locations.forEach((l, i) => {
    const id = l.location.id;
    const place = l.location.name ?? 'Place';
    items.push({ key: `l${i}`, kind: 'location', box: l, label: place, name: `Open the place ${place}`, icon: '⌖', open: id ? () => navigate({ name: 'location', id }) : null });
  });
  story.links.forEach((l, i) => {
    const platform = isPlatformPage(l.url) && !simulated;
    items.push({
      key: `u${i}`,
      kind: 'link',
      box: l,
      label: l.title && l.title !== hostOf(l.url) ? l.title : hostOf(l.url),
      name: platform ? `Open ${l.url} in the browser` : `Link to ${l.url} (not opened by Feedlens)`,
      icon: '↗',
      open: platform ? () => openExternal(l.url) : null,
      title: platform ? l.url : simulated ? `${l.url}\nDemo mode: simulated, not on the web.` : `${l.url}\nLinks outside the platform are shown, not opened.`,
    });
  });
  sharedPostsOf(story.raw).forEach((p, i) =>
    items.push({ key: `p${i}`, kind: 'post', box: p, label: 'Shared post', name: `Open the shared post ${p.code}`, icon: '▣', open: () => navigate({ name: 'post', code: p.code }) }),
  );
  story.stickers
    .filter((s) => isPlainSticker(s.type))
    .forEach((s, i) => {
      const name = stickerName(s.type);
      items.push({ key: `s${i}`, kind: 'sticker', box: s, label: name, name: `${name} sticker`, icon: '◆', open: null });
    });
  return items;
}

const stop = (e: PointerEvent) => e.stopPropagation();

function Chip({ item, style }: { item: OverlayItem; style?: CSSProperties }): ReactNode {
  const content = (
    <>
      <span className="sv-chip-icon" aria-hidden>
        {item.icon}
      </span>
      <span className="sv-chip-label">{item.label}</span>
    </>
  );
  if (item.open) {
    return (
      <button
        type="button"
        className={`sv-overlay sv-overlay-${item.kind}`}
        style={style}
        onPointerDown={stop}
        onPointerUp={stop}
        onClick={item.open}
        aria-label={item.name}
        title={item.title ?? item.name}
        data-testid={`overlay-${item.kind}`}
      >
        <span className="sv-chip">{content}</span>
      </button>
    );
  }
  return (
    <div className={`sv-overlay sv-overlay-${item.kind} inert`} style={style} role="img" aria-label={item.name} title={item.title ?? item.name} data-testid={`overlay-${item.kind}`}>
      <span className="sv-chip">{content}</span>
    </div>
  );
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/** Overlays with a position, drawn over the frame. */
export function PlacedOverlays({ items }: { items: OverlayItem[] }) {
  return (
    <div className="sv-overlays">
      {items.map((item) => {
        const rect = overlayRect(item.box);
        if (!rect) return null;
        return <Chip key={item.key} item={item} style={{ left: pct(rect.left), top: pct(rect.top), width: pct(rect.width), height: pct(rect.height) }} />;
      })}
    </div>
  );
}

/** Overlays the service gave no position for, listed under the frame. */
export function UnplacedOverlays({ items }: { items: OverlayItem[] }) {
  const unplaced = items.filter((item) => overlayRect(item.box) === null);
  if (unplaced.length === 0) return null;
  return (
    <div className="sv-unplaced">
      {unplaced.map((item) => (
        <Chip key={item.key} item={item} />
      ))}
    </div>
  );
}
