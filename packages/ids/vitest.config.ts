import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ids', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
