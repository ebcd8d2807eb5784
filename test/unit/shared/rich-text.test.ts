import { describe, expect, it } from 'vitest';
import { segmentText } from '../../../shared/rich-text';

describe('segmentText', () => {
  it('splits a caption into text, hashtags, mentions and links, losing no character', () => {
    const text = 'Sunset with @ana.silva at #東京 🌅 see https://example.org/a?b=1. and www.site.com!';
    const segments = segmentText(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind !== 'text')).toEqual([
      { kind: 'mention', text: '@ana.silva', value: 'ana.silva' },
      { kind: 'hashtag', text: '#東京', value: '東京' },
      { kind: 'url', text: 'https://example.org/a?b=1', value: 'https://example.org/a?b=1' },
      { kind: 'url', text: 'www.site.com', value: 'https://www.site.com' },
    ]);
  });

  it('leaves emails, in-word hashes and digit-only tags as text, and splits back-to-back tags', () => {
    const kinds = (t: string) => segmentText(t).filter((s) => s.kind !== 'text').map((s) => `${s.kind}:${'value' in s ? s.value : ''}`);
    expect(kinds('write to hello@studio.fr')).toEqual([]);
    expect(kinds('page.html#top and #1')).toEqual([]);
    expect(kinds('#sunset#paris')).toEqual(['hashtag:sunset', 'hashtag:paris']);
    expect(kinds('thanks @bob.')).toEqual(['mention:bob']);
  });

  it('copes with empty and missing text', () => {
    expect(segmentText('')).toEqual([]);
    expect(segmentText(null)).toEqual([]);
  });
});
