import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'grpc', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
