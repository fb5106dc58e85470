import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxClock } from '@vrp/contracts';
import { createServiceClient, timestampDate } from '@vrp/grpc';
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
    // A restart loses the simulator's in-memory book; this time it settles what it is sent.
    await s.bankSimulator!.stop();
    await s.startBank({ BANK_AUTO_SETTLE: 'true', SANDBOX_SETTLEMENT_DELAY_MS: '100' });
    const settled = await waitForStatus(s, merchantId, p.id, PS.SETTLED);
    expect(settled).toMatchObject({ status: PS.SETTLED, clearingStatus: CS.CLEARED, retryCount: 0 });
  });

  it('does so for a merchant whose sandbox clock runs a month ahead too', async () => {
    const merchantId = newMerchant();
    const clocks = createServiceClient(sandboxClock.SandboxClockService, { baseUrl: `http://127.0.0.1:${s.paymentPort}` });
    await clocks.setSandboxClock({ merchantId, offsetMs: BigInt(31 * 86_400_000) });
    clocks.close();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    await waitFor(async () => (await s.payments.getPayment({ merchantId, id: p.id })).payment?.clearingStatus === CS.CLEARING, {
      what: 'the bank to acknowledge',
    });
    await s.bankSimulator!.stop();
    await s.startBank({ BANK_AUTO_SETTLE: 'true', SANDBOX_SETTLEMENT_DELAY_MS: '100' });
    const settled = await waitForStatus(s, merchantId, p.id, PS.SETTLED);
    expect(settled).toMatchObject({ status: PS.SETTLED, clearingStatus: CS.CLEARED, retryCount: 0 });
    // The restarted bank forgot the merchant's clock and learnt it again from the re-sent attempt:
    // it settles on the merchant's day (the payment's, or the next if midnight passed meanwhile).
    const created = timestampDate(p.createdAt!);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect([day(created), day(new Date(created.getTime() + 86_400_000))]).toContain(settled.settlementDate);
  });
});
