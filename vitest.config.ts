import { defineConfig } from 'vitest/config';

// Unit tests: plain Node, never the internet (renderer hook and store tests opt into happy-dom with a
// `@vitest-environment happy-dom` line). Two workers at most (the build machines have 2 cores).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      // The renderer counts too (its logic is tested in Node, its hooks and stores under happy-dom); main.ts,
      // preload.ts and the entry point need Electron or a window and are left to the e2e suite.
      include: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
      exclude: ['electron/main.ts', 'electron/preload.ts', 'electron/simulator/cli.ts', 'renderer/src/main.tsx'],
      reporter: ['text-summary'],
      reportsDirectory: 'test-results/coverage',
    },
  },
});
