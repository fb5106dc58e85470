import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'testing', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
