import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'open-banking', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
