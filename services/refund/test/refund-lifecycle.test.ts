import { refund } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, currentPayment, newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('refund lifecycle', () => {
  it('refunds part, then the rest, and settles both; events arrive in order per resource', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 10_000n);

    const { refund: first } = await h.refunds.createRefund({
      merchantId,
      paymentId: paid.id,
      amountMinor: 2_500n,
      reason: 'damaged',
      metadata: { ticket: 'T-1', n: 3 },
    });
    expect(first).toMatchObject({
      paymentId: paid.id,
      amountMinor: 2_500n,
      currency: 'GBP',
      status: refund.RefundStatus.PENDING_SETTLEMENT,
      reason: 'damaged',
      metadata: { ticket: 'T-1', n: 3 },
    });
    expect(first!.id).toMatch(/^RF/);
    expect(first!.expectedSettlementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first!.timeline.map((e) => e.status)).toEqual(['pending_settlement']);
    expect(await currentPayment(h, merchantId, paid.id)).toMatchObject({ amountRefundedMinor: 2_500n, status: 2 });

    const { refund: rest } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: '' });
    expect(rest!.amountMinor).toBe(7_500n);
    const after = await currentPayment(h, merchantId, paid.id);
    expect(after.amountRefundedMinor).toBe(10_000n);
    expect(after.status).toBe(4); // refunded

    // Both went to the bank (in the background) with the booked amounts.
    const submitted = await waitFor(
      () => {
        const byId = new Map(h.bank.refundSubmissions.filter((s) => s.paymentId === paid.id).map((s) => [s.refundId, s.amountMinor]));
        return byId.size >= 2 ? byId : undefined;
      },
      { what: 'both refunds at the bank' },
    );
    expect(submitted).toEqual(
      new Map([
        [first!.id, 2_500n],
        [rest!.id, 7_500n],
      ]),
    );

    for (const r of [first!, rest!]) {
      const { refund: settled } = await h.refunds.reportRefundOutcome({ refundId: r.id, outcome: refund.RefundOutcome.SETTLED });
      expect(settled!.status).toBe(refund.RefundStatus.SETTLED);
      expect(settled!.settledAt).toBeDefined();
      expect(settled!.timeline.map((e) => e.status)).toEqual(['pending_settlement', 'settled']);
    }
    // A repeated report changes nothing and emits nothing.
    await h.refunds.reportRefundOutcome({ refundId: first!.id, outcome: refund.RefundOutcome.SETTLED });

    const events = await waitFor(
      async () => {
        const all = (await h.stream.events()).filter((e) => e.merchantId === merchantId);
        return all.filter((e) => e.eventType.startsWith('refund.')).length >= 4 ? all : undefined;
      },
      { what: 'refund events' },
    );
    const refundEvents = (id: string) =>
      events.filter((e) => e.resource.case === 'refund' && e.resource.value.id === id).map((e) => e.eventType);
    expect(refundEvents(first!.id)).toEqual(['refund.created', 'refund.settled']);
    expect(refundEvents(rest!.id)).toEqual(['refund.created', 'refund.settled']);
    const paymentRefunded = events.filter((e) => e.eventType === 'payment.refunded');
    expect(paymentRefunded.map((e) => (e.resource.case === 'payment' ? e.resource.value.amountRefundedMinor : -1n))).toEqual([
      2_500n,
      10_000n,
    ]);
    // Each carries the payment as the booking left it, its timeline included, as a read of it shows.
    const [partly, fully] = paymentRefunded.map((e) => (e.resource.case === 'payment' ? e.resource.value : undefined));
    expect(partly!.timeline.map((t) => t.status)).toEqual(['submitted', 'settled']);
    expect(fully).toEqual(after);
    expect(fully!.timeline.map((t) => t.status)).toEqual(['submitted', 'settled', 'refunded']);
  });

  it('turns away what the rules forbid, with the exact reason', async () => {
    const merchantId = newMerchantId();
    const submitted = await seedPayment(h, merchantId, 5_000n, 'submitted');
    const failed = await seedPayment(h, merchantId, 5_000n, 'failed');
    const paid = await seedPayment(h, merchantId, 5_000n);
    const create = (
      paymentId: string,
      amountMinor: bigint,
      extra: Omit<Partial<refund.CreateRefundRequest>, '$typeName' | '$unknown'> = {},
    ) => apiError(h.refunds.createRefund({ merchantId, paymentId, amountMinor, reason: '', ...extra }));

    expect((await create(submitted.id, 0n)).code).toBe('payment_not_settled');
    expect((await create(failed.id, 1_000n)).code).toBe('payment_not_settled');
    expect((await create(paid.id, 99n)).code).toBe('refund_amount_too_small');
    expect((await create(paid.id, 5_001n)).code).toBe('refund_exceeds_payment');
    expect((await create(paid.id, -1n)).code).toBe('validation_error');
    expect((await create(paid.id, 100n, { reason: 'x'.repeat(501) })).param).toBe('reason');
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect((await create(paid.id, 100n, { metadata: many })).code).toBe('validation_error');
    expect((await create('PM00000000000000000000000000', 100n)).code).toBe('not_found');
    const other = newMerchantId();
    expect((await apiError(h.refunds.createRefund({ merchantId: other, paymentId: paid.id, amountMinor: 0n, reason: '' }))).code).toBe(
      'not_found',
    );
    // The merchant's decimal amount, parsed by the payment service in the payment's currency.
    const tooPrecise = await create(paid.id, 0n, { amount: '1.001' });
    expect([tooPrecise.code, tooPrecise.param, tooPrecise.message]).toEqual([
      'validation_error',
      'amount',
      'amount GBP allows at most 2 decimal places',
    ]);
    expect((await create(paid.id, 0n, { amount: '0.99' })).code).toBe('refund_amount_too_small');
    expect((await create(paid.id, 0n, { amount: '50.01' })).code).toBe('refund_exceeds_payment');
    expect((await create(paid.id, 100n, { amount: '1.00' })).param).toBe('amount');
    expect((await create('PM00000000000000000000000000', 0n, { amount: '1.00' })).code).toBe('not_found');
    // Nothing was booked by any of them, and no request of theirs is left.
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(0n);
    expect(await h.sql('SELECT id FROM refund.refund_requests WHERE merchant_id = $1', [merchantId])).toEqual([]);

    // Leave 0.50: refunding all of it is fine although it is below 1.00.
    const { refund: decimal } = await h.refunds.createRefund({
      merchantId,
      paymentId: paid.id,
      amountMinor: 0n,
      amount: '49.50',
      reason: '',
    });
    expect(decimal!.amountMinor).toBe(4_950n);
    expect((await create(paid.id, 49n)).code).toBe('refund_amount_too_small');
    const { refund: last } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 50n, reason: '' });
    expect(last!.amountMinor).toBe(50n);
    expect((await create(paid.id, 0n)).code).toBe('refund_exceeds_payment');

    expect((await apiError(h.refunds.getRefund({ merchantId: other, id: last!.id }))).code).toBe('not_found');
    expect((await h.refunds.getRefund({ merchantId, id: last!.id })).refund!.amountMinor).toBe(50n);
  });

  it('frees the Idempotency-Key of a refund the payment service refused, so the key can refund after all', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 5_000n);
    const create = (amountMinor: bigint, fingerprint: string) =>
      h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor, reason: '', idempotency: { key: 'refund-once', fingerprint } });

    expect((await apiError(create(5_001n, 'too-much'))).code).toBe('refund_exceeds_payment');
    const { refund: made } = await create(2_000n, 'two-thousand');
    expect(made).toMatchObject({ amountMinor: 2_000n, status: refund.RefundStatus.PENDING_SETTLEMENT });
    // The key is bound to this refund now: the same request again is the same refund.
    expect((await create(2_000n, 'two-thousand')).refund!.id).toBe(made!.id);
    expect((await apiError(create(1_000n, 'one-thousand'))).code).toBe('idempotency_key_reused');
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(2_000n);
  });

  it('a failure reported by the bank gives the amount back to the payment', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 3_000n);
    const { refund: r } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: '' });
    expect((await currentPayment(h, merchantId, paid.id)).status).toBe(4);

    const { refund: failed } = await h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.FAILED });
    expect(failed!.status).toBe(refund.RefundStatus.FAILED);
    expect(failed!.timeline.map((e) => e.status)).toEqual(['pending_settlement', 'failed']);
    const released = await currentPayment(h, merchantId, paid.id);
    expect(released).toMatchObject({ amountRefundedMinor: 0n, status: 2 });

    // Repeating the report is harmless; contradicting it is refused.
    await h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.FAILED });
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(0n);
    expect((await apiError(h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.SETTLED }))).code).toBe(
      'invalid_state_transition',
    );

    // The amount is refundable again.
    const { refund: again } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 3_000n, reason: '' });
    expect(again!.amountMinor).toBe(3_000n);
  });

  it('a refund the bank could not take is resubmitted once the bank is back', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 2_000n);
    h.bank.refusingRefunds = true;
    let created: refund.Refund | undefined;
    try {
      ({ refund: created } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_000n, reason: '' }));
      // The first hand-over happens in the background: let the bank turn it away first.
      await waitFor(() => h.bank.refusedRefundIds.includes(created!.id), { what: 'refused submission' });
    } finally {
      h.bank.refusingRefunds = false;
    }
    expect(created!.status).toBe(refund.RefundStatus.PENDING_SETTLEMENT);
    await waitFor(() => h.bank.refundSubmissions.some((s) => s.refundId === created!.id), { what: 'resubmission' });
  });

  it('answers without waiting for a slow bank, and the bank still gets the refund', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 2_000n);
    let release!: () => void;
    h.bank.refundHold = new Promise<void>((resolve) => (release = resolve));
    try {
      const { refund: created } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_000n, reason: '' });
      expect(created!.status).toBe(refund.RefundStatus.PENDING_SETTLEMENT);
      // The answer came while the bank was still holding the refund's submission.
      await waitFor(() => h.bank.arrivedRefundIds.includes(created!.id), { what: 'submission to reach the bank' });
      expect(h.bank.refundSubmissions.some((s) => s.refundId === created!.id)).toBe(false);
      release();
      await waitFor(() => h.bank.refundSubmissions.some((s) => s.refundId === created!.id), { what: 'submission' });
    } finally {
      h.bank.refundHold = null;
      release();
    }
  });
});
