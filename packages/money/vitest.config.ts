import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'money', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
