import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'pagination', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
