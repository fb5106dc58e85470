import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'webhook-verify', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
