import { defineConfig } from 'vitest/config';

// Unit tests: plain Node, never the internet. Two workers at most (the build machines have 2 cores).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['shared/**/*.ts', 'electron/**/*.ts'],
      exclude: ['electron/main.ts', 'electron/preload.ts', 'electron/simulator/cli.ts'],
      reporter: ['text-summary'],
      reportsDirectory: 'test-results/coverage',
    },
  },
});
