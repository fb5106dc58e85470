import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'runtime', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
