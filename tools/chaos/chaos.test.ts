import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos.js';

// The short form of `npm run chaos`: every fault once, under load, then the full audit.
// CHAOS_SEED replays a failing run's client choices.
describe('fault suite (short)', () => {
  it('keeps every invariant while each service is killed, NATS restarts and Postgres drops its connections', async () => {
    const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : undefined;
    const report = await runChaos({
      seconds: 40,
      workers: 3,
      settleTimeoutMs: 90_000,
      ...(seed !== undefined ? { seed } : {}),
      log: (line) => console.log(line),
    });
    expect(report.faults).toEqual([
      'kill -9 mandate',
      'kill -9 payment',
      'kill -9 refund',
      'kill -9 webhook',
      'kill -9 model-bank',
      'kill -9 bank-connector',
      'kill -9 schedule',
      'kill -9 gateway',
      'restart NATS',
      'terminate Postgres connections',
    ]);
    // Every invariant the fault suite promises must hold, no request answered 500 included.
    expect(
      report.findings.filter((f) => f.violations.length > 0),
      `seed ${report.seed}`,
    ).toEqual([]);
    expect(report.findings.some((f) => f.check.startsWith('no request answered 500'))).toBe(true);
    // The audit looked at real work, not an idle platform.
    expect(report.findings.find((f) => f.check.includes('exactly one recorded event'))!.checked).toBeGreaterThan(50);
    expect(report.requests['201'] ?? 0).toBeGreaterThan(20);
  }, 480_000);
});
