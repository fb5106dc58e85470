import { defineProject } from 'vitest/config';

// Typecheck, lint and build of every project (nx run-many) take both cores: they run last, on
// their own, rather than slowing the tests that wait on sockets.
export default defineProject({
  test: {
    name: 'workspace-targets',
    include: ['workspace/targets.test.ts'],
    sequence: { groupOrder: 1 },
  },
});
