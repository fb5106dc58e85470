import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'config', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
