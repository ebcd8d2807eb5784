// The key never reaches an error, whatever string of the service's answer echoes it (security issue 9).
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
