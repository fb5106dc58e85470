import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS, newMerchant, pay, PS, seedMandate, waitForStatus } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

let s: Stack;
beforeAll(async () => {
  // The bank is down at first; unacknowledged submissions are re-sent after 300 ms.
  s = await startStack({
    withoutBank: true,
    paymentEnv: { PAYMENT_RESUBMIT_AFTER: '300ms', PAYMENT_RESUBMIT_SWEEP_INTERVAL: '100ms', PAYMENT_CALL_TIMEOUT: '1s' },
    bankEnv: { BANK_AUTO_SETTLE: 'true', SANDBOX_SETTLEMENT_DELAY_MS: '200' },
  });
});
afterAll(() => s?.close());

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
    const started = Date.now();
    const errors = await Promise.all(Array.from({ length: 15 }, () => pay(s, merchantId, m.id).catch((err: unknown) => err)));
    for (const err of errors) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('service_unavailable');
    }
    // Not a timing assertion: the calls must not have waited for their deadlines one by one.
    expect(Date.now() - started).toBeLessThan(15 * 1000);
  });
});
