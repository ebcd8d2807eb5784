// The key never reaches an error (security issue 9) or a kept answer (issue 35), whatever string of the
// service's answer echoes it.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/api/client';

const KEY = 'sk-live-echoed-Zq8VbN3mT7rW2xK9';

function clientAnswering(status: number, body: string) {
  return createApiClient({
    baseUrl: 'https://api.example.test',
    fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    getKey: () => KEY,
    userAgent: 'Feedlens/test',
    maxRetries: 0,
    sleep: async () => undefined,
  });
}

describe('key scrubbing of service errors', () => {
  it.each([
    ['a 402 whose top-up link and exc_type echo the key', 402, { state: false, error: `Top up at https://hikerapi.com/billing?key=${KEY}`, exc_type: `InsufficientFunds_${KEY}` }],
    ['a 422 whose issue messages echo the key', 422, { detail: [{ loc: ['query', 'username'], msg: `bad value ${KEY}`, type: 'value_error' }] }],
    ['a 404 whose detail echoes the key', 404, { detail: `User ${KEY} not found`, exc_type: 'UserNotFound' }],
    ['a 500 with the key everywhere', 500, { detail: { nested: [KEY, { deeper: `x${KEY}y` }] }, exc_type: KEY }],
  ])('%s', async (_name, status, body) => {
    const outcome = await clientAnswering(status, JSON.stringify(body)).call('/v1/user/by/username', { username: 'nasa' });
    expect(outcome.ok).toBe(false);
    const text = JSON.stringify(outcome);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(4));
  });
});

describe('key masking of successful answers', () => {
  // A key with a quote, a backslash, a slash and a Latin-1 letter: each is written differently in JSON.
  const ODD_KEY = 'sk-"odd"\\key/é-Zq8VbN3mT7rW2xK9';
  const json = JSON.stringify(ODD_KEY).slice(1, -1);
  const ascii = json.replace('é', '\\u00e9');

  it('masks the key in every form the service may write it, before the hash, the parse and onAnswer', async () => {
    const body = `{"pk":"25025320","debug":{"as_sent":"${json}","ascii":"${ascii}","slashes":"${ascii.replace('/', '\\/')}","url":"https://x.test/?k=${encodeURIComponent(ODD_KEY)}"}}`;
    const seen: { text: string; data: unknown }[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      fetch: async () => new Response(body, { status: 200 }),
      getKey: () => ODD_KEY,
      userAgent: 'Feedlens/test',
      onAnswer: (_id, text, data) => seen.push({ text, data }),
    });
    const outcome = await client.call('/v1/user/by/id', { id: '25025320' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.data).toEqual({
      pk: '25025320',
      debug: { as_sent: '[access key]', ascii: '[access key]', slashes: '[access key]', url: 'https://x.test/?k=[access key]' },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.data).toBe(outcome.value.data);
    // The hash is of the text as kept: the one the Explorer saves.
    expect(outcome.value.bodySha256).toBe(createHash('sha256').update(seen[0]!.text).digest('hex'));
    const kept = JSON.stringify([outcome, seen]);
    for (const form of [ODD_KEY, json, ascii, encodeURIComponent(ODD_KEY), 'Zq8VbN3mT7rW2xK9']) expect(kept).not.toContain(form);
  });
});
