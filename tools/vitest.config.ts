import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tools',
    include: ['**/*.test.ts'],
    // The workspace's own targets run on their own, below.
    exclude: ['**/node_modules/**', 'workspace/targets.test.ts'],
  },
});
