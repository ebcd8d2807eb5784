import { defineConfig } from 'vitest/config';

// The packaged app (test/package/): packs the production build with electron-builder, so it runs after
// `electron-vite build` (a stage of `npm test`), on its own.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 30_000,
  },
});
