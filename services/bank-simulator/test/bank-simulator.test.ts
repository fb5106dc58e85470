import { bank } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, CS, newMerchant, pay, PS, seedMandate, startStack, waitForStatus, type Stack } from '@vrp/payment-service/testing';

const { ForcedOutcome } = bank;
let s: Stack;
beforeAll(async () => {
  s = await startStack({ bankEnv: { BANK_AUTO_SETTLE: 'true', SANDBOX_SETTLEMENT_DELAY_MS: '1500' } });
});
afterAll(() => s?.close());

async function clearing(merchantId: string, id: string) {
  return waitFor(async () => {
    const p = (await s.payments.getPayment({ merchantId, id })).payment!;
    return p.clearingStatus === CS.CLEARING ? p : undefined;
  });
}

async function openPayment() {
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId);
  const p = await pay(s, merchantId, m.id);
  return { merchantId, id: p.id, mandateId: m.id };
}

describe('bank simulator', () => {
  it('reports clearing at once and settles by itself after the settlement delay', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10);
    const { merchantId, id } = await openPayment();
    expect((await clearing(merchantId, id)).status).toBe(PS.SUBMITTED);
    const settled = await waitForStatus(s, merchantId, id, PS.SETTLED);
    // The bank's business day: today, or tomorrow if UTC midnight passed while waiting.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(settled.settlementDate);
  });

  it('settles or fails at once when forced, and refuses what it cannot do', async () => {
    const a = await openPayment();
    const b = await openPayment();
    await clearing(a.merchantId, a.id);
    await clearing(b.merchantId, b.id);
    expect(await codeOf(s.bank.forcePaymentOutcome({ paymentId: b.id, outcome: ForcedOutcome.FAIL, failureCode: 'no_such_code' }))).toBe(
      'validation_error',
    );
    await s.bank.forcePaymentOutcome({ paymentId: a.id, outcome: ForcedOutcome.SETTLE });
    await s.bank.forcePaymentOutcome({ paymentId: b.id, outcome: ForcedOutcome.FAIL, failureCode: 'account_closed' });
    await waitForStatus(s, a.merchantId, a.id, PS.SETTLED);
    expect((await waitForStatus(s, b.merchantId, b.id, PS.FAILED)).failureCode).toBe('account_closed');
    expect(await codeOf(s.bank.forcePaymentOutcome({ paymentId: a.id, outcome: ForcedOutcome.FAIL, failureCode: 'bank_rejected' }))).toBe(
      'invalid_state_transition',
    );
    expect(await codeOf(s.bank.forcePaymentOutcome({ paymentId: 'PM-unknown', outcome: ForcedOutcome.SETTLE }))).toBe('not_found');
  });

  it('treats a repeated submission of the same attempt as the same submission', async () => {
    const { merchantId, id, mandateId } = await openPayment();
    await clearing(merchantId, id);
    const submit = () => s.bank.submitPayment({ paymentId: id, attempt: 0, amountMinor: 2_500n, currency: 'GBP', mandateId });
    const [first, second] = [await submit(), await submit()];
    expect(second.bankReference).toBe(first.bankReference);
    const refund = await s.bank.submitRefund({ refundId: 'RF-1', paymentId: id, amountMinor: 100n, currency: 'GBP' });
    expect((await s.bank.submitRefund({ refundId: 'RF-1', paymentId: id, amountMinor: 100n, currency: 'GBP' })).bankReference).toBe(
      refund.bankReference,
    );
    await s.bank.forcePaymentOutcome({ paymentId: id, outcome: ForcedOutcome.SETTLE });
    await waitForStatus(s, merchantId, id, PS.SETTLED);
    // The settlement is committed before the relay publishes its event: wait for it on the stream.
    const types = await waitFor(
      async () => {
        const mine = (await s.stream.events()).filter((e) => e.resource.case === 'payment' && e.resource.value.id === id);
        return mine.some((e) => e.eventType === 'payment.settled') ? mine.map((e) => e.eventType) : undefined;
      },
      { what: `payment.settled of ${id} on the stream` },
    );
    expect(types).toEqual(['payment.submitted', 'payment.settled']);
  });

  it('takes an attempt into clearing with its receipt, with no clearing report of its own', async () => {
    const { merchantId, id, mandateId } = await openPayment();
    await clearing(merchantId, id);
    // Nothing waits to be reported: the clearing went with the receipt of the hand-over.
    expect(s.bankSimulator!.pendingCallbacks()).toBe(0);
    // A repeat of the hand-over is answered the same way.
    const { receipts } = await s.bank.submitPayments({
      submissions: [{ paymentId: id, attempt: 0, amountMinor: 2_500n, currency: 'GBP', mandateId }],
    });
    expect(receipts.map((r) => r.clearing)).toEqual([true]);
    expect(s.bankSimulator!.pendingCallbacks()).toBe(0);
  });

  it('keeps retrying a callback while the payment service is briefly down', async () => {
    const { merchantId, id } = await openPayment();
    await clearing(merchantId, id);
    await s.paymentService.stop();
    await s.bank.forcePaymentOutcome({ paymentId: id, outcome: ForcedOutcome.FAIL, failureCode: 'insufficient_funds' });
    await waitFor(() => s.bankSimulator!.pendingCallbacks() > 0);
    await s.startPayments();
    expect((await waitForStatus(s, merchantId, id, PS.FAILED)).failureCode).toBe('insufficient_funds');
    await waitFor(() => s.bankSimulator!.pendingCallbacks() === 0);
  });
});
