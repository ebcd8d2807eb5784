// @vitest-environment happy-dom
// The renderer's call path (renderer/src/api/call.ts): main's answer comes back as the value, or as a
// thrown ServiceError carrying main's AppError; a cancelled or declined call is an error like any other,
// and nothing is retried.
import { afterEach, describe, expect, it } from 'vitest';
import { cancelledError, confirmationRequired } from '../../../../shared/api/errors';
import { appErrorOf, ServiceError } from '../../../../renderer/src/api/bridge';
import { callEndpoint } from '../../../../renderer/src/api/call';
import { mockBridge } from './bridge-mock';

afterEach(() => {
  delete window.feedlens;
});

describe('callEndpoint', () => {
  it('passes path, params, refresh and request id to main, and returns its value', async () => {
    const call = mockBridge(() => ({ data: { ok: 1 } }));
    const value = await callEndpoint('/v1/user/by/username', { username: 'synthetic_user' }, { refresh: true, requestId: 'req-9' });
    expect(value).toMatchObject({ data: { ok: 1 }, units: 1, cacheHit: false });
    expect(call).toHaveBeenCalledExactlyOnceWith({ path: '/v1/user/by/username', params: { username: 'synthetic_user' }, refresh: true, requestId: 'req-9' });
  });

  it('a call the user declined comes back as a cancelled error, asked once', async () => {
    const call = mockBridge(() => ({ error: cancelledError() }));
    const failure = await callEndpoint('/v1/user/by/username', { username: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceError);
    expect(appErrorOf(failure)).toMatchObject({ kind: 'cancelled', billed: false });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a call main would not send without consent is an error the screen shows, not retried', async () => {
    const call = mockBridge(() => ({ error: confirmationRequired(3, 10) }));
    await expect(callEndpoint('/v2/user/by/username', { username: 'x' })).rejects.toMatchObject({ appError: { kind: confirmationRequired(3, 10).kind } });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('without the bridge it fails plainly, sending nothing', async () => {
    delete window.feedlens;
    await expect(callEndpoint('/v1/user/by/username', { username: 'x' })).rejects.toThrow(/bridge missing/);
  });
});
