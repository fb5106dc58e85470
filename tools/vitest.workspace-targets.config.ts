import { defineProject } from 'vitest/config';

// Typecheck, lint and build of every project (nx run-many) regenerate the contracts and Prisma
// clients the other test files import, and take both cores: they run last, on their own.
export default defineProject({
  test: {
    name: 'workspace-targets',
    include: ['workspace/targets.test.ts'],
    sequence: { groupOrder: 1 },
  },
});
