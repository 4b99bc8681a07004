import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (*.spec.ts); end-to-end tests in test/ (*.e2e-spec.ts).
export default defineConfig({
  test: {
    globals: true,
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.spec.ts', 'tools/**/*.spec.ts', 'console/src/**/*.spec.ts'],
        },
      },
      // One file at a time: each e2e file starts the whole service with its engines.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.e2e-spec.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
