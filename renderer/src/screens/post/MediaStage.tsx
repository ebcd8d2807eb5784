// The post's media: an image (the rendition that fits the box), a video with controls (seeking works
// through app-media:'s Range support), or a carousel of both with its position, buttons, dots and the
// arrow keys. People tagged in the picture appear on request as markers at their x, y.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { Provenance } from '../../../../shared/ipc';
import type { Post, Usertag } from '../../../../shared/records';
import { postAlt } from '../../components/Cards';
import { SelectPill } from '../../components/SelectionCheck';
import { MediaImage } from '../../components/Media';
import { mediaSrc } from '../../state/app';
import { navigate } from '../../state/navigation';
import { usePlaceState } from '../../state/place';
import { aspectOf, pickRendition, stageItems, usertagsOf } from './format';
import { Icon } from '../../components/Icon';

function isTyping(el: HTMLElement): boolean {
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/** Left and right arrows move the carousel, unless focus is somewhere that uses them itself. */
function useArrowKeys(go: (delta: number) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target && (isTyping(target) || target.closest('[role="grid"], [role="list"], [role="tablist"], video, audio, .backdrop'))) return;
      e.preventDefault();
      go(e.key === 'ArrowRight' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, enabled]);
}

/** Width of an element in CSS pixels, measured before paint and on every resize. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

function openProfile(tag: Usertag): void {
  navigate(tag.user.username ? { name: 'profile', username: tag.user.username } : { name: 'profile', userId: tag.user.id });
}

/** A tag's label sits below its point, kept inside the picture near the edges. */
function tagStyle(x: number, y: number): CSSProperties {
  const tx = x > 0.8 ? '-100%' : x < 0.2 ? '0%' : '-50%';
  const ty = y > 0.85 ? 'calc(-100% - 8px)' : '8px';
  return { left: `${x * 100}%`, top: `${y * 100}%`, transform: `translate(${tx}, ${ty})` };
}

function TagOverlay({ tags }: { tags: Usertag[] }) {
  return (
    <div className="usertags" data-testid="usertags-overlay">
      {tags.map((tag, i) =>
        tag.x === null || tag.y === null ? null : (
          <button
            key={`${tag.user.id}:${i}`}
            className="usertag"
            style={tagStyle(tag.x, tag.y)}
            onClick={() => openProfile(tag)}
            data-testid="usertag"
            data-username={tag.user.username ?? ''}
            title={tag.user.fullName ? `${tag.user.fullName}: open the profile` : 'Open the profile'}
          >
            {tag.user.username ? `@${tag.user.username}` : tag.user.id}
          </button>
        ),
      )}
    </div>
  );
}

function StageMedia({ item, alt, targetWidth }: { item: Post; alt: string; targetWidth: number }) {
  const poster = pickRendition(item.images, targetWidth);
  const video = item.mediaType === 'video' ? (item.videos[0] ?? null) : null;
  if (video) {
    return (
      <video
        key={video.url}
        className="stage-media"
        src={mediaSrc(video.url)}
        poster={mediaSrc(poster?.url)}
        controls
        preload="metadata"
        playsInline
        aria-label={alt}
        data-testid="post-video"
      />
    );
  }
  return <MediaImage key={poster?.url ?? 'none'} url={poster?.url ?? item.thumbnailUrl} alt={alt} className="stage-media" eager />;
}

/** `provenance`: the call that fetched the post, so the post or the carousel item on show can be selected. */
export function MediaStage({ post, initialItem, provenance }: { post: Post; initialItem?: number; provenance?: Provenance | null }) {
  const items = stageItems(post);
  const count = items.length;
  const [index, setIndex] = usePlaceState('stageItem', Math.min(count - 1, Math.max(0, (initialItem ?? 1) - 1)));
  const [showTags, setShowTags] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const frameWidth = useWidth(frame);
  const go = useCallback((delta: number) => setIndex((i) => Math.min(count - 1, Math.max(0, i + delta))), [count, setIndex]);
  useArrowKeys(go, count > 1);

  const item = items[index] ?? post;
  const tags = usertagsOf(post, item).filter((t) => t.x !== null && t.y !== null);
  const sizeSource = item.mediaType === 'video' && item.videos[0]?.width ? item.videos[0] : (item.images[0] ?? null);
  const ratio = aspectOf(sizeSource);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const targetWidth = Math.round(Math.min(frameWidth || 640, 1080) * dpr);
  const alt = count > 1 ? `${item.accessibilityCaption ?? postAlt(post)} (item ${index + 1} of ${count})` : postAlt(post);

  return (
    <figure className="stage" aria-roledescription={count > 1 ? 'carousel' : undefined} aria-label={count > 1 ? `Carousel of ${count} items` : undefined} data-testid="post-stage">
      <div className="stage-frame" ref={frame}>
        <div className="stage-box" style={{ aspectRatio: `${ratio}`, width: `min(100%, calc(var(--stage-max-h) * ${ratio}))` }} data-item={index + 1}>
          {frameWidth > 0 && <StageMedia item={item} alt={alt} targetWidth={targetWidth} />}
          {showTags && tags.length > 0 && <TagOverlay tags={tags} />}
        </div>
        {provenance && (
          <SelectPill item={{ record: count > 1 ? item : post, provenance }} className="on-stage">
            {count > 1 ? `Select item ${index + 1}` : post.productType === 'clips' ? 'Select reel' : 'Select post'}
          </SelectPill>
        )}
        {count > 1 && (
          <>
            <button className="stage-nav prev" onClick={() => go(-1)} disabled={index === 0} aria-label="Previous item" title="Previous (←)">
              ‹
            </button>
            <button className="stage-nav next" onClick={() => go(1)} disabled={index === count - 1} aria-label="Next item" title="Next (→)">
              ›
            </button>
            <div className="stage-position" aria-live="polite" data-testid="carousel-position">
              {index + 1} / {count}
            </div>
          </>
        )}
      </div>
      {/* Below the frame, never over the media: a video's controls sit at its bottom. */}
      {tags.length > 0 && (
        <div className="stage-below">
          <button
            className={`btn small stage-tags-toggle${showTags ? ' on' : ''}`}
            onClick={() => setShowTags((v) => !v)}
            aria-pressed={showTags}
            data-testid="usertags-toggle"
            title={showTags ? 'Hide the people tagged' : 'Show the people tagged in this picture'}
          >
            <Icon name="user" size={13} /> {tags.length} tagged
          </button>
        </div>
      )}
      {count > 1 && (
        <div className="stage-dots" role="group" aria-label="Carousel items">
          {items.map((child, i) => (
            <button
              key={child.id}
              className="stage-dot"
              aria-label={`Item ${i + 1} of ${count}${child.mediaType === 'video' ? ' (video)' : ''}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </figure>
  );
}
