// The packaging hook flips Electron's fuses. Packaging needs Electron's binaries (not downloadable here),
// so the hook runs on a stand-in binary carrying a real fuse wire: sentinel, version, length, states.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const afterPack = require('../../../build/after-pack.cjs') as (context: unknown) => Promise<void>;
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('after-pack fuses', () => {
  it('turns off RunAsNode, NODE_OPTIONS, --inspect and file: privileges, turns on asar-only, asar integrity and cookie encryption', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'feedlens-fuses-'));
    try {
      const before = '10110011'; // an arbitrary starting wire of 8 fuses, the file: privileges fuse on
      const binary = Buffer.concat([Buffer.from('ELF-prefix...'), Buffer.from(SENTINEL), Buffer.from([1, before.length]), Buffer.from(before), Buffer.from('...rest')]);
      writeFileSync(join(dir, 'feedlens'), binary);
      await afterPack({ appOutDir: dir, electronPlatformName: 'linux', packager: { appInfo: { productFilename: 'Feedlens' }, executableName: 'feedlens' } });
      const after = readFileSync(join(dir, 'feedlens'));
      const at = after.indexOf(SENTINEL) + SENTINEL.length + 2;
      const wire = after.subarray(at, at + before.length).toString('latin1');
      // Order of @electron/fuses' V1 wire: RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect,
      // EmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar, LoadBrowserProcessSpecificV8Snapshot (left as
      // it was), GrantFileProtocolExtraPrivileges.
      expect(wire).toBe('010011' + before[6] + '0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
