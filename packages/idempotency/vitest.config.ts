import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'idempotency', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
