import { bank as contracts } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { waitFor } from '@vrp/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformReporter } from '../src/clients/platform-reporter.js';
import { CallbackQueue } from '../src/jobs/callback-queue.js';
import { SimulatedBank } from '../src/usecases/simulated-bank.js';

// The bank settles in runs: the first settlement to fall due opens one, which gathers what falls
// due in the next BANK_SETTLEMENT_RUN_MS and reports it all at once (one batch to the platform).
// The platform here is a recorder of the reports the bank makes, with the time it made each.

const banks: SimulatedBank[] = [];
afterEach(() => banks.splice(0).forEach((b) => b.stop()));

function bankWith(settlementRunMs: number) {
  const reports: { id: string; at: number }[] = [];
  const reporter: PlatformReporter = {
    reportPayment: async (req) => void reports.push({ id: req.paymentId, at: performance.now() }),
    reportRefund: async (req) => void reports.push({ id: req.refundId, at: performance.now() }),
    close: () => undefined,
  };
  const logger = createLogger('bank-simulator', { level: 'silent' });
  const bank = new SimulatedBank(
    { logger, reporter, callbacks: new CallbackQueue(logger) },
    { settlementDelayMs: 10, settlementRunMs, autoSettle: true, clocks: new SandboxClocks({ enabled: false }) },
  );
  banks.push(bank);
  return { bank, reports };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('settlement runs', () => {
  it('report the settlements that fall due during a run together, when it ends', async () => {
    const { bank, reports } = bankWith(400);
    const start = performance.now();
    bank.submitPayment({ paymentId: 'PM-first', attempt: 0 });
    await sleep(100);
    bank.submitRefund({ refundId: 'RF-second' });
    bank.submitPayment({ paymentId: 'PM-third', attempt: 0 });
    await waitFor(() => reports.length === 3, { what: 'three settlements reported' });
    // The first fell due at 10 ms and opened the run; the others fell due at about 110 ms, inside it.
    expect(reports.map((r) => r.id)).toEqual(['PM-first', 'RF-second', 'PM-third']);
    expect(reports[0]!.at - start).toBeGreaterThanOrEqual(400);
    expect(reports[2]!.at - reports[0]!.at).toBeLessThan(50);
    // One that falls due after the run ended opens the next.
    bank.submitPayment({ paymentId: 'PM-later', attempt: 0 });
    const opened = performance.now();
    await waitFor(() => reports.length === 4, { what: 'the next run' });
    expect(reports[3]!.at - opened).toBeGreaterThanOrEqual(400);
  });

  it('skip a settlement forced while its run was under way, and report each at once without runs', async () => {
    const { bank, reports } = bankWith(300);
    bank.submitPayment({ paymentId: 'PM-forced', attempt: 0 });
    await sleep(50); // due, waiting for its run to end
    bank.forcePaymentOutcome({ paymentId: 'PM-forced', outcome: contracts.ForcedOutcome.FAIL, failureCode: 'insufficient_funds' });
    await sleep(400);
    expect(reports.map((r) => r.id)).toEqual(['PM-forced']);

    const alone = bankWith(0);
    const start = performance.now();
    alone.bank.submitPayment({ paymentId: 'PM-alone', attempt: 0 });
    await waitFor(() => alone.reports.length === 1, { what: 'the settlement' });
    expect(alone.reports[0]!.at - start).toBeLessThan(300);
  });
});
