// Which service addresses the key may be sent to. The production origin is the default; another one (a
// proxy, a local simulator) must be https, or http on this computer only (loopback), and is taken as an
// origin: no path, query, fragment or credentials. Main confirms the change itself before it applies.
import { PRODUCTION_BASE_URL } from './settings';

export const PRODUCTION_ORIGIN = new URL(PRODUCTION_BASE_URL).origin;

/** True for hosts that are this computer: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

export function checkServiceOrigin(input: string): OriginCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: 'Enter a full address, such as https://api.example.org.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'The service address must start with https://.' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: 'Only https addresses are allowed (http only for a service on this computer, such as http://127.0.0.1:8787).' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'The address must not contain a user name or password.' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    return { ok: false, message: `Give the address without a path or query: ${url.origin}.` };
  }
  return { ok: true, origin: url.origin };
}
