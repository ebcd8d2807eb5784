import { describe, expect, it } from 'vitest';
import { fromMediaUrl, toMediaUrl } from '../../../shared/media-url';

// Shapes of real media URLs: signed CDN links with many query parameters (service-facts.md: hosts under
// cdninstagram.com and fbcdn.net, `oe` is the expiry in hex epoch seconds), and the simulator's.
const CDN_IMAGE =
  'https://scontent-fra5-2.cdninstagram.com/v/t51.2885-15/469787015_18479046799055167_n.jpg?stp=dst-jpg_e35_p1080x1080&efg=eyJ2ZW5jb2RlX3RhZyI6In0&_nc_ht=scontent-fra5-2.cdninstagram.com&_nc_cat=1&_nc_ohc=Qz8x&edm=ALQROFkBAAAA&ccb=7-5&ig_cache_key=MzUyMDA0NDk3MTA4NjI2MTMyMQ%3D%3D.3-ccb7-5&oh=00_AYB2c&oe=6790A1B2&_nc_sid=fc8dfb';
const CDN_VIDEO = 'https://instagram.fhel6-1.fna.fbcdn.net/o1/v/t16/f2/m86/AQN_video.mp4?efg=eyJ4cHZfYXNzZXRfaWQiOjF9&_nc_ht=instagram.fhel6-1.fna.fbcdn.net&oh=00_AYA&oe=6790A1B2';
const SIM_IMAGE = 'https://media.feedlens-sim.invalid/media/img/3311.png?w=640&h=640&oe=6790a1b2&_nc_sig=9f2c0d';

describe('toMediaUrl / fromMediaUrl', () => {
  it.each([CDN_IMAGE, CDN_VIDEO, SIM_IMAGE])('round-trips %s exactly', (remote) => {
    const app = toMediaUrl(remote);
    expect(app.startsWith('app-media://media/?u=')).toBe(true);
    expect(fromMediaUrl(app)).toBe(remote);
  });

  it('keeps every query parameter of the signed URL, encoded ones included', () => {
    const back = new URL(fromMediaUrl(toMediaUrl(CDN_IMAGE)) ?? '');
    expect(back.searchParams.get('ig_cache_key')).toBe('MzUyMDA0NDk3MTA4NjI2MTMyMQ==.3-ccb7-5');
    expect(back.searchParams.get('oe')).toBe('6790A1B2');
  });

  it('survives the canonical form a browser gives a standard scheme (host lower-cased)', () => {
    const app = toMediaUrl(CDN_IMAGE).replace('app-media://media/', 'app-media://MEDIA/');
    expect(fromMediaUrl(app)).toBe(CDN_IMAGE);
  });

  it('toMediaUrl leaves an app-media URL as it is', () => {
    const app = toMediaUrl(CDN_IMAGE);
    expect(toMediaUrl(app)).toBe(app);
  });

  it('drops a fragment from the remote URL', () => {
    expect(fromMediaUrl(toMediaUrl('https://scontent.cdninstagram.com/a.jpg#x'))).toBe('https://scontent.cdninstagram.com/a.jpg');
  });

  const u = encodeURIComponent(CDN_IMAGE);
  it.each([
    ['another scheme', `https://media/?u=${u}`],
    ['another host', `app-media://evil/?u=${u}`],
    ['a path', `app-media://media/x?u=${u}`],
    ['a dot-segment path', `app-media://media/../x/?u=${u}`],
    ['an encoded dot-segment path', `app-media://media/%2e%2e/?u=${u}`],
    ['no u', 'app-media://media/?v=1'],
    ['two u', `app-media://media/?u=${u}&u=${u}`],
    ['an extra parameter', `app-media://media/?u=${u}&x=1`],
    ['credentials on the app URL', `app-media://me:pw@media/?u=${u}`],
    ['a file remote', toMediaUrl('file:///etc/passwd')],
    ['a javascript remote', toMediaUrl('javascript:alert(1)')],
    ['a data remote', toMediaUrl('data:image/png;base64,iVBORw0KGgo=')],
    ['a relative remote', toMediaUrl('../../etc/passwd')],
    ['credentials in the remote', toMediaUrl('https://u:p@scontent.cdninstagram.com/a.jpg')],
    ['a dot segment in the remote path', toMediaUrl('https://scontent.cdninstagram.com/v/../../etc/passwd')],
    ['an encoded dot segment in the remote path', toMediaUrl('https://scontent.cdninstagram.com/v/%2E%2e/x')],
    ['a backslash in the remote', toMediaUrl('https://scontent.cdninstagram.com/v\\..\\x')],
    ['not a URL', 'media/?u=x'],
  ])('refuses %s', (_what, url) => {
    expect(fromMediaUrl(url)).toBeNull();
  });

  it('dots inside a file name are fine', () => {
    const remote = 'https://scontent.cdninstagram.com/v/t51.2885-15/a..b_n.jpg';
    expect(fromMediaUrl(toMediaUrl(remote))).toBe(remote);
  });
});
