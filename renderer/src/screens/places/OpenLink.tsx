// A link that main may or may not open: main opens only the links on its allow-list in the browser.
// When it refuses, the address stays on screen with a note, so the user can copy it.
import { useState, type ReactNode } from 'react';
import { feedlens } from '../../api/bridge';

export function OpenLink({ href, children, title, testId }: { href: string; children: ReactNode; title?: string; testId?: string }) {
  const [refused, setRefused] = useState<string | null>(null);
  const open = async () => {
    const result = await feedlens().openExternal({ url: href });
    setRefused(result.ok ? null : result.error.message);
  };
  return (
    <span className="open-link">
      <a
        href={href}
        title={title ?? `Open ${href} in the browser`}
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          void open();
        }}
      >
        {children}
      </a>
      {refused && (
        <span className="open-link-refused" role="status">
          {refused} Copy the address instead: <span className="mono selectable">{href}</span>
        </span>
      )}
    </span>
  );
}
