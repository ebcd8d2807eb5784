// Links that leave the app open in the system browser through main (which allows only the platform's
// web pages and the service's site). In demo mode the platform's pages are not offered: the simulator's
// accounts and posts are invented, and a link could land on a real person's page.
import type { ReactNode } from 'react';
import { isPlatformPage } from '../../../shared/links';
import { feedlens } from '../api/bridge';
import { useAppState } from '../state/app';

export function openExternal(url: string): void {
  void feedlens().openExternal({ url });
}

/** Whether `href` is a platform page that demo mode must not open (the simulator invented what it names). */
export function useSimulatedPage(href: string): boolean {
  const simulated = useAppState((s) => s.mode?.session.simulated ?? false);
  return simulated && isPlatformPage(href);
}

/** What a platform link shows in demo mode instead of opening a page that may be a real person's. */
export function SimulatedLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <span className="simulated-link" title="Demo mode: invented by the simulator, not on the platform" data-testid="simulated-link" data-href={href}>
      {children} <span className="faint">(simulated: not on the web)</span>
    </span>
  );
}

export function ExternalLink({ href, children, title }: { href: string; children: ReactNode; title?: string }) {
  if (useSimulatedPage(href)) return <SimulatedLink href={href}>{children}</SimulatedLink>;
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
