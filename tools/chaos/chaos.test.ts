import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos.js';

// The short form of `npm run chaos`: every fault once, under load, then the full audit.
describe('fault suite (short)', () => {
  it('keeps every invariant while each service is killed, NATS restarts and Postgres drops its connections', async () => {
    const lines: string[] = [];
    const report = await runChaos({ seconds: 40, workers: 3, log: (line) => lines.push(line) });
    console.log(lines.join('\n'));
    expect(report.faults).toEqual([
      'kill -9 mandate',
      'kill -9 payment',
      'kill -9 refund',
      'kill -9 webhook',
      'kill -9 bank-simulator',
      'kill -9 gateway',
      'restart NATS',
      'terminate Postgres connections',
    ]);
    expect(report.findings.filter((f) => f.violations.length > 0)).toEqual([]);
    // The audit looked at real work, not an idle platform.
    expect(report.findings.find((f) => f.check.startsWith('every committed change'))!.checked).toBeGreaterThan(50);
  }, 400_000);
});
