import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'grpc', setupFiles: ['./test/support/wire-from-env.ts'], include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
