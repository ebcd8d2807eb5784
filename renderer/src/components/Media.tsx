// Remote media as the renderer may load it: through main's app-media: protocol, never directly.
import { useState, type CSSProperties } from 'react';
import { mediaSrc } from '../state/app';

export function MediaImage({ url, alt, className, style, eager }: { url: string | null | undefined; alt: string; className?: string; style?: CSSProperties; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = mediaSrc(url);
  if (!src || failed) {
    return (
      <div className={`media-missing ${className ?? ''}`} style={style} role="img" aria-label={alt || 'Image not available'}>
        {failed ? 'Image could not be loaded' : ''}
      </div>
    );
  }
  return <img src={src} alt={alt} className={className} style={style} loading={eager ? 'eager' : 'lazy'} decoding="async" draggable={false} onError={() => setFailed(true)} />;
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
