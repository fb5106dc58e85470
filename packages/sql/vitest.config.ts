import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sql', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
