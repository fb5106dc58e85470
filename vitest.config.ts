import { defineConfig } from 'vitest/config';

// Every package and service is a vitest project; `npm test` runs them all in one run so the
// summary at the end counts every test.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'tools'],
    reporters: ['default', './tools/test/summary-reporter.ts'],
  },
});
