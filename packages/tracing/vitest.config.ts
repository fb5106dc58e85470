import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'tracing', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
