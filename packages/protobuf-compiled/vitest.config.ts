import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'protobuf-compiled', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
