import { defineProject } from 'vitest/config';

// The specs cover the console's pure helpers (formatting, list queries, counts, errors): no DOM needed.
export default defineProject({
  test: { name: 'console', environment: 'node', include: ['src/**/*.spec.ts'] },
});
