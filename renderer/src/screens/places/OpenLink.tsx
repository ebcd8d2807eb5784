// A link that main may or may not open: main opens only the links on its allow-list in the browser.
// When it refuses, the address stays on screen with a note, so the user can copy it. In demo mode a
// platform page is not opened (see ExternalLink).
import { useState, type ReactNode } from 'react';
import { feedlens } from '../../api/bridge';
import { SimulatedLink, useSimulatedPage } from '../../components/ExternalLink';

export function OpenLink({ href, children, title, testId }: { href: string; children: ReactNode; title?: string; testId?: string }) {
  const [refused, setRefused] = useState<string | null>(null);
  const simulated = useSimulatedPage(href);
  const open = async () => {
    const result = await feedlens().openExternal({ url: href });
    setRefused(result.ok ? null : result.error.message);
  };
  if (simulated) return <SimulatedLink href={href}>{children}</SimulatedLink>;
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
