// The sandboxed preload is bundled with everything it imports: it needs only the operations' names, so
// it carries no validation library (main validates every argument) and no other package.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('preload bundle', () => {
  it('holds the bridge and nothing from node_modules (no zod)', () => {
    const out = buildSync({
      entryPoints: [`${root}electron/preload.ts`],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(out.metafile.inputs).sort();
    expect(inputs).toEqual(['electron/preload.ts', 'shared/ipc/bridge.ts']);
  });
});
