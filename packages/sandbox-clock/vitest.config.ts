import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sandbox-clock', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
