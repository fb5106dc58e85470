import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary so any CI that reads the last line of the run sees the totals. A file that fails
 * outside its tests (a failing `beforeAll`, an import error) and an unhandled error each count
 * as one failure, so the line never reads "0 failed" for a run that failed. Above it, the slowest
 * test files (tests and hooks, set-up and collection), so a run's log says where its time went.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      if (mod.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    process.stdout.write(slowestFiles(testModules));
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

const SLOWEST = 15;

/** The SLOWEST test files of the run, slowest first, with their seconds (their tests and hooks, set-up and collection). */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules
    .map((mod) => {
      const d = mod.diagnostic();
      return { file: path.relative(process.cwd(), mod.moduleId), ms: d.duration + d.setupDuration + d.collectDuration + d.prepareDuration };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  if (timed.length === 0) return '';
  const lines = timed.map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(8)} s  ${file}`);
  return `\nslowest test files:\n${lines.join('\n')}\n`;
}
