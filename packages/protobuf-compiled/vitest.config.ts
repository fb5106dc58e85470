import { defineProject } from 'vitest/config';

export default defineProject({
  // The random-message tests walk every message type of the contracts: CPU-bound, and slower on a
  // machine busy with the rest of the suite, so they get more than the 5 s default.
  test: { name: 'protobuf-compiled', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
});
