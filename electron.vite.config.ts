import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const __dirname = dirname(fileURLToPath(import.meta.url));

// FEEDLENS_OUT builds into another folder (parallel work on one checkout); the app and tests use out/.
const outRoot = process.env.FEEDLENS_OUT ?? 'out';

// Three bundles: main (Node), preload (sandboxed, must be a single bundled file) and the renderer.
export default defineConfig({
  main: {
    build: {
      outDir: `${outRoot}/main`,
      rollupOptions: {
        // Worker threads start their programs from files beside main.js.
        input: {
          main: resolve(__dirname, 'electron/main.ts'),
          'disk-thread-script': resolve(__dirname, 'electron/downloads/disk-thread-script.ts'),
          // The media-analysis pool's threads start from media-worker.js beside main.js (media-analysis/pool.ts).
          'media-worker': resolve(__dirname, 'electron/media-analysis/worker-script.ts'),
        },
        external: ['@napi-rs/keyring'],
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require packages: bundle everything it imports.
      externalizeDeps: false,
      outDir: `${outRoot}/preload`,
      rollupOptions: {
        input: { preload: resolve(__dirname, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      outDir: `${outRoot}/renderer`,
      // electron-vite leaves bundles unminified; the renderer is parsed on every window load, so minify it.
      minify: true,
      // Source maps only for the e2e coverage build (scripts/e2e.mjs with E2E_COVERAGE=1), beside the bundles.
      sourcemap: process.env.FEEDLENS_SOURCEMAP === '1' ? 'hidden' : false,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
