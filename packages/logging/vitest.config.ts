import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'logging', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
