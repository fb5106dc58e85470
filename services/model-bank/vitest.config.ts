import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'model-bank',
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    // The run's throwaway trust anchor and keys, generated once for every file.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
