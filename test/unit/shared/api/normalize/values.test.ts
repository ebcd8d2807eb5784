import { describe, expect, it } from 'vitest';
import { hasKey, parseCaption, readKey, toEpochSeconds, toId } from '../../../../../shared/api/normalize';

describe('readKey: g2 type-prefixed keys', () => {
  it('finds the fields the facts name under their prefixed keys', () => {
    const raw = { '1llatest_reel_media': 1775140000, '1ltaken_at': 1775146773, '1fvideo_duration': 31.4 };
    expect(readKey(raw, 'latest_reel_media')).toBe(1775140000);
    expect(readKey(raw, 'taken_at')).toBe(1775146773);
    expect(readKey(raw, 'video_duration')).toBe(31.4);
  });

  it('accepts several digits and two type letters, and prefers the plain key', () => {
    expect(readKey({ '12abtaken_at': 5 }, 'taken_at')).toBe(5);
    expect(readKey({ '1ltaken_at': 1, taken_at: 2 }, 'taken_at')).toBe(2);
  });

  it('does not take other keys that merely end with the name', () => {
    const raw = { strong_id__: '1', pk_id: '2', xtaken_at: 3, '1abctaken_at': 4, ltaken_at: 5, device_taken_at: 6 };
    expect(readKey(raw, 'id')).toBeUndefined();
    expect(readKey(raw, 'taken_at')).toBeUndefined();
    expect(hasKey(raw, 'taken_at')).toBe(false);
  });

  it('tells a present null apart from a missing field', () => {
    expect(hasKey({ '1lreshare_count': null }, 'reshare_count')).toBe(true);
    expect(hasKey({ like_count: 3 }, 'reshare_count')).toBe(false);
    expect(readKey(null, 'x')).toBeUndefined();
    expect(readKey([1, 2], '0')).toBeUndefined();
  });
});

describe('toId', () => {
  it('keeps id strings exactly and turns safe integers into their digits', () => {
    expect(toId('3776832898280228145')).toBe('3776832898280228145');
    expect(toId(25025320)).toBe('25025320');
    expect(toId(3776832898280228145n)).toBe('3776832898280228145');
  });

  it('refuses numbers that already lost digits instead of passing a wrong id on', () => {
    // What JSON.parse makes of 3776832898280228145: a different id.
    expect(toId(JSON.parse('3776832898280228145'))).toBeNull();
  });

  it('treats empty, zero and non-ids as missing', () => {
    expect(toId('')).toBeNull();
    expect(toId(0)).toBeNull();
    expect(toId('0')).toBeNull();
    expect(toId(null)).toBeNull();
    expect(toId({ pk: 1 })).toBeNull();
    expect(toId(1.5)).toBeNull();
  });
});

describe('toEpochSeconds: both timestamp forms', () => {
  it('reads the ISO forms the facts show', () => {
    // 2025-11-26T06:32:13Z and 2026-04-01T13:00:03Z, computed independently.
    expect(toEpochSeconds('2025-11-26T06:32:13+00:00')).toBe(1764138733);
    expect(toEpochSeconds('2026-04-01T13:00:03Z')).toBe(1775048403);
  });

  it('reads ISO strings without an offset as UTC, and other offsets correctly', () => {
    expect(toEpochSeconds('2026-04-01T13:00:03')).toBe(1775048403);
    expect(toEpochSeconds('2026-04-01 13:00:03')).toBe(1775048403);
    expect(toEpochSeconds('2026-04-01T15:00:03+02:00')).toBe(1775048403);
    expect(toEpochSeconds('2026-04-01T13:00:03.750Z')).toBe(1775048403);
    expect(toEpochSeconds('2026-04-01T15:00:03+0200')).toBe(1775048403);
  });

  it('reads epoch seconds as numbers or digit strings', () => {
    expect(toEpochSeconds(1775146773)).toBe(1775146773);
    expect(toEpochSeconds('1775146773')).toBe(1775146773);
  });

  it('gives null for missing, zero and unreadable values', () => {
    expect(toEpochSeconds(undefined)).toBeNull();
    expect(toEpochSeconds(0)).toBeNull();
    expect(toEpochSeconds('')).toBeNull();
    expect(toEpochSeconds('October 2010')).toBeNull();
    expect(toEpochSeconds(Number.NaN)).toBeNull();
  });
});

describe('parseCaption: hashtags and mentions', () => {
  it('finds hashtags in several scripts, next to emoji and punctuation', () => {
    const caption = parseCaption('Matin ☕️ #café #東京 #москва 🇫🇷#travelgram #القاهرة, #हिमालय. #ภูเขา!');
    expect(caption.hashtags).toEqual(['café', '東京', 'москва', 'travelgram', 'القاهرة', 'हिमालय', 'ภูเขา']);
  });

  it('splits tags written back to back and stops a tag at an emoji', () => {
    expect(parseCaption('🌅#sunset#paris').hashtags).toEqual(['sunset', 'paris']);
    expect(parseCaption('#sunset🌅 and #nuit✨').hashtags).toEqual(['sunset', 'nuit']);
  });

  it('ignores link fragments, entities, tags inside words and digit-only tags', () => {
    expect(parseCaption('see www.example.pl/#galeria or page#top &#39; #1 #2024').hashtags).toEqual([]);
    expect(parseCaption('#2024rewind').hashtags).toEqual(['2024rewind']);
  });

  it('keeps the first written form and drops repeats whatever their case', () => {
    expect(parseCaption('#Paris #paris #PARIS #café #Café').hashtags).toEqual(['Paris', 'café']);
  });

  it('finds mentions with dots and underscores, without the trailing sentence dot', () => {
    const caption = parseCaption('avec @tom_dubois et @anna.k.studio. Merci @dj.nocturne_!');
    expect(caption.mentions).toEqual(['tom_dubois', 'anna.k.studio', 'dj.nocturne_']);
  });

  it('does not take an email address for a mention', () => {
    const caption = parseCaption('contact: hello@studio.fr or (@tom_dubois)');
    expect(caption.mentions).toEqual(['tom_dubois']);
  });

  it('keeps the text as written and copes with no text', () => {
    expect(parseCaption('Zakopane → Tatry').text).toBe('Zakopane → Tatry');
    expect(parseCaption(null)).toEqual({ text: '', hashtags: [], mentions: [] });
  });
});
