import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bank-connector',
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
