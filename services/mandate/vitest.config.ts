import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mandate', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
