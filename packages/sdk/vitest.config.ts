import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sdk', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
