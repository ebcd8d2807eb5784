import { defineConfig } from 'vitest/config';

// End-to-end tests: the built renderer in Chromium through playwright-core (scripts/e2e.mjs finds the browser).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // Files run in a different order each time (the seed is printed), so none can lean on another's leftovers.
    // Within a file the tests are one walk-through, in order.
    sequence: { shuffle: { files: true, tests: false } },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
