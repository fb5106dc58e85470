import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@vrp/testing';
import { CS, newMerchant, pay, PS, seedMandate, waitForStatus } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

let s: Stack;
beforeAll(async () => {
  // The bank acknowledges but never decides by itself; an undecided attempt is re-sent after 300 ms.
  s = await startStack({
    paymentEnv: { PAYMENT_BANK_DECISION_TIMEOUT: '300ms', PAYMENT_RESUBMIT_SWEEP_INTERVAL: '100ms', PAYMENT_CALL_TIMEOUT: '1s' },
  });
});
afterAll(() => s?.close());

describe('when the bank forgets an acknowledged attempt', () => {
  it('re-sends it after the decision timeout, and the restarted bank settles it', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    await waitFor(async () => (await s.payments.getPayment({ merchantId, id: p.id })).payment?.clearingStatus === CS.CLEARING, {
      what: 'the bank to acknowledge',
    });
    // A restart loses the stand-in's in-memory book; this time it settles what it is sent.
    await s.bank!.stop();
    await s.startBank({ autoSettleMs: 100 });
    const settled = await waitForStatus(s, merchantId, p.id, PS.SETTLED);
    expect(settled).toMatchObject({ status: PS.SETTLED, clearingStatus: CS.CLEARED, retryCount: 0 });
  });
});
