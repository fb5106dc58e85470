import { ApiError } from '@vrp/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CS, newMerchant, pay, PS, seedMandate, waitForStatus } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// Each test takes neighbours down, so each has a stack of its own: no test depends on another's leftovers.
let s: Stack;
beforeEach(async () => {
  // The bank is down at first; unacknowledged submissions are re-sent after 300 ms. No replica of
  // active terms: every create asks the mandate service (replica.test.ts covers creates without it).
  s = await startStack({
    withoutBank: true,
    withoutReplica: true,
    paymentEnv: { PAYMENT_RESUBMIT_AFTER: '300ms', PAYMENT_RESUBMIT_SWEEP_INTERVAL: '100ms', PAYMENT_CALL_TIMEOUT: '10s' },
    autoSettleMs: 200,
  });
});
afterEach(() => s?.close());

describe('when neighbours fail', () => {
  it('accepts a payment while the bank is down and re-sends it once the bank is back', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    expect(p).toMatchObject({ status: PS.SUBMITTED, clearingStatus: CS.PENDING });
    await s.startBank();
    const settled = await waitForStatus(s, merchantId, p.id, PS.SETTLED);
    expect(settled.clearingStatus).toBe(CS.CLEARED);
  });

  it('fails creates fast with service_unavailable while the mandate service is down', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    await s.mandateService.stop();
    // Time is the behaviour here: each call fails long before its 10 s deadline (half of it is
    // a generous bound) instead of waiting it out.
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const started = performance.now();
        const err = await pay(s, merchantId, m.id).catch((e: unknown) => e);
        return { err, ms: performance.now() - started };
      }),
    );
    for (const { err, ms } of outcomes) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('service_unavailable');
      expect(ms).toBeLessThan(5_000);
    }
  });
});
