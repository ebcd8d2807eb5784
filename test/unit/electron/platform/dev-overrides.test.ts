import { describe, expect, it } from 'vitest';
import { devOverrides } from '../../../../electron/platform/dev-overrides';

const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173', FEEDLENS_USER_DATA: '/tmp/x' };

describe('environment overrides', () => {
  it('are ignored by a packaged app', () => {
    expect(devOverrides(env, true)).toEqual({ rendererUrl: null, userData: null });
  });
  it('apply in development', () => {
    expect(devOverrides(env, false)).toEqual({ rendererUrl: 'http://localhost:5173', userData: '/tmp/x' });
    expect(devOverrides({}, false)).toEqual({ rendererUrl: null, userData: null });
  });
});
