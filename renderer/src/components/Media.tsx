// Remote media as the renderer may load it: through main's app-media: protocol, never directly.
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { mediaSrc } from '../state/app';

export function MediaImage({ url, alt, className, style, eager }: { url: string | null | undefined; alt: string; className?: string; style?: CSSProperties; eager?: boolean }) {
  const src = mediaSrc(url);
  const img = useRef<HTMLImageElement>(null);
  // The last image this element loaded. A recycled grid cell changes its src in place rather than building
  // a new <img> for every post scrolled past (thousands of DOM nodes for the garbage collector); the browser
  // would keep showing the previous post's image until the next one loads, so it is hidden until then
  // (data-stale, app.css). Set on the element itself: a load renders nothing again.
  const loaded = useRef<string | null>(null);
  useLayoutEffect(() => {
    img.current?.toggleAttribute('data-stale', loaded.current !== null && loaded.current !== src);
  }, [src]);
  // A failure belongs to its src: another one is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div className={`media-missing ${className ?? ''}`} style={style} role="img" aria-label={alt || 'Image not available'}>
        {failed === src ? 'Image could not be loaded' : ''}
      </div>
    );
  }
  return (
    <img
      ref={img}
      src={src}
      alt={alt}
      className={className}
      style={style}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      onLoad={(e) => {
        loaded.current = src;
        e.currentTarget.removeAttribute('data-stale');
      }}
      onError={() => setFailed(src)}
    />
  );
}

export function Avatar({ url, name, size = 40 }: { url: string | null | undefined; name: string | null | undefined; size?: number }) {
  const src = mediaSrc(url);
  const initial = (name ?? '?').replace(/^@/, '').slice(0, 1).toUpperCase();
  if (!src) {
    return (
      <span className="avatar avatar-initial" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden>
        {initial}
      </span>
    );
  }
  return <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" draggable={false} />;
}
