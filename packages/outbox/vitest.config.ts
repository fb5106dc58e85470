import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'outbox', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
