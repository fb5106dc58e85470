import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'public-api', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
