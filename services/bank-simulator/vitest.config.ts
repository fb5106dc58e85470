import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bank-simulator',
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
