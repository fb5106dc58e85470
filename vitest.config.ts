import { defineConfig } from 'vitest/config';

// Every package and service is a vitest project; `npm test` runs them all in one run so the
// summary at the end counts every test.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'tools', 'tools/vitest.workspace-targets.config.ts'],
    // Most test time is spent waiting on sockets (Postgres, NATS, gRPC, HTTP, a browser), so test
    // files run side by side even on a two-core machine (vitest's default there is one at a time).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    reporters: ['default', './tools/test/summary-reporter.ts'],
  },
});
