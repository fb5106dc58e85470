import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'errors', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
