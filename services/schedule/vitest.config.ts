import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'schedule', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
