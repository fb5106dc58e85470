import { describe, expect, it } from 'vitest';
import { batchCeiling } from './batch-ceiling.js';

// The ceiling writes the payment schema's rows by hand: run it small against the migrated schema,
// so a new required column fails here rather than at the end of a long collection run.
describe('the collection run ceiling', () => {
  it('writes its batches into the current payment schema and answers rows per second', async () => {
    const lines: string[] = [];
    const perSecond = await batchCeiling(25, 10, (line) => lines.push(line));
    expect(perSecond).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/25 payments' rows in batches of 10/);
  }, 120_000);
});
