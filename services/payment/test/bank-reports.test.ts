import { payment } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS, newMerchant, pay, PS, seedMandate } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

const { BankOutcome } = payment;
let s: Stack;
beforeAll(async () => {
  s = await startStack(); // nothing settles by itself: the test reports outcomes
});
afterAll(() => s?.close());

async function acknowledgedPayment() {
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId);
  const p = await pay(s, merchantId, m.id);
  await waitFor(async () => (await s.payments.getPayment({ merchantId, id: p.id })).payment!.clearingStatus === CS.CLEARING, {
    what: `the bank to acknowledge ${p.id}`,
  });
  return { merchantId, id: p.id };
}

describe('batched bank reports (ReportPaymentOutcomes)', () => {
  it('applies each report as the single call would: a refused one fails alone, a stale one changes nothing', async () => {
    const a = await acknowledgedPayment();
    const b = await acknowledgedPayment();
    const { results } = await s.payments.reportPaymentOutcomes({
      reports: [
        { paymentId: 'PM-nobody', attempt: 0, outcome: BankOutcome.SETTLED },
        { paymentId: a.id, attempt: 0, outcome: BankOutcome.UNSPECIFIED },
        { paymentId: a.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' },
        { paymentId: b.id, attempt: 7, outcome: BankOutcome.FAILED, failureCode: 'account_closed' },
        { paymentId: b.id, attempt: 0, outcome: BankOutcome.FAILED, failureCode: 'insufficient_funds' },
        // After the failure above (same payment: applied in order), a settlement of attempt 0 is stale.
        { paymentId: b.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' },
      ],
    });
    expect(results.map((r) => r.error?.reason ?? 'applied')).toEqual([
      'not_found',
      'validation_error',
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    expect(results[1]!.error!.param).toBe('outcome');
    const settled = (await s.payments.getPayment({ merchantId: a.merchantId, id: a.id })).payment!;
    expect(settled).toMatchObject({ status: PS.SETTLED, clearingStatus: CS.CLEARED, settlementDate: '2026-11-23' });
    expect(settled.timeline.map((t) => t.status)).toEqual(['submitted', 'settled']);
    const failed = (await s.payments.getPayment({ merchantId: b.merchantId, id: b.id })).payment!;
    expect(failed).toMatchObject({ status: PS.FAILED, failureCode: 'insufficient_funds' });
    expect(failed.timeline.map((t) => t.status)).toEqual(['submitted', 'failed']);
  });
});
