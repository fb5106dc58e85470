import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'gateway',
    setupFiles: ['../../packages/grpc/test/support/wire-from-env.ts'],
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
