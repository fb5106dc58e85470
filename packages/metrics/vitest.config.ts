import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'metrics', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
