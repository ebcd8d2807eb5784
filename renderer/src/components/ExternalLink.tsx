// Links that leave the app open in the system browser through main (which allows only the platform's
// web pages and the service's site).
import type { ReactNode } from 'react';
import { feedlens } from '../api/bridge';

export function openExternal(url: string): void {
  void feedlens().openExternal({ url });
}

export function ExternalLink({ href, children, title }: { href: string; children: ReactNode; title?: string }) {
  return (
    <a
      href={href}
      title={title ?? `Open ${href} in the browser`}
      onClick={(e) => {
        e.preventDefault();
        openExternal(href);
      }}
    >
      {children}
    </a>
  );
}
