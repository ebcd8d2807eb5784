// Text with its #hashtags and @mentions linked inside the app, and links opened in the browser
// when main allows them (the platform's pages); other links are shown but not followed.
import { segmentText } from '../../../shared/rich-text';
import { navigate } from '../state/navigation';
import { ExternalLink } from './ExternalLink';

function isPlatformLink(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'instagram.com' || host.endsWith('.instagram.com');
  } catch {
    return false;
  }
}

export function RichText({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return (
    <span className={className} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {segmentText(text).map((s, i) => {
        switch (s.kind) {
          case 'hashtag':
            return (
              <a key={i} onClick={() => navigate({ name: 'hashtag', tag: s.value })} title={`Open #${s.value}`}>
                {s.text}
              </a>
            );
          case 'mention':
            return (
              <a key={i} onClick={() => navigate({ name: 'profile', username: s.value.toLowerCase() })} title={`Open @${s.value}`}>
                {s.text}
              </a>
            );
          case 'url':
            return isPlatformLink(s.value) ? (
              <ExternalLink key={i} href={s.value}>
                {s.text}
              </ExternalLink>
            ) : (
              <span key={i} className="plain-link" title="Links outside the platform are not opened by Feedlens">
                {s.text}
              </span>
            );
          default:
            return <span key={i}>{s.text}</span>;
        }
      })}
    </span>
  );
}
