import { payment } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS, newMerchant, PS, seedMandate } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// The bank's settlement or failure of a payment this process created is decided from the record
// the create left, without reading the payment back; one another replica created is read first.
// Either way the event announces the payment exactly as a read shows it afterwards.

const { BankOutcome } = payment;
let s: Stack;
beforeAll(async () => {
  s = await startStack(); // nothing settles by itself: the test reports outcomes
});
afterAll(() => s?.close());

/** A payment created through `client`, with metadata whose keys the database orders otherwise, once the bank took it into clearing. */
async function clearingPayment(client: Stack['payments']) {
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId);
  const created = (
    await client.createPayment({
      merchantId,
      mandateId: m.id,
      amountMinor: 2_500n,
      currency: 'GBP',
      metadata: {
        fields: { zeta: { kind: { case: 'stringValue', value: 'last' } }, a: { kind: { case: 'stringValue', value: 'first' } } },
      },
    })
  ).payment!;
  await waitFor(async () => (await s.payments.getPayment({ merchantId, id: created.id })).payment!.clearingStatus === CS.CLEARING, {
    what: `the bank to take ${created.id} into clearing`,
  });
  return { merchantId, id: created.id, created };
}

/** The payment the event of `eventType` about `paymentId` carries. */
function announced(paymentId: string, eventType: string): Promise<payment.Payment> {
  return waitFor(
    async () =>
      (await s.stream.events()).find((e) => e.eventType === eventType && e.resource.case === 'payment' && e.resource.value.id === paymentId)
        ?.resource.value as payment.Payment | undefined,
    { what: `${eventType} of ${paymentId}` },
  );
}

describe("the bank's decisions", () => {
  it('announce a payment this process created as a read shows it, clearing status and metadata included', async () => {
    const settled = await clearingPayment(s.payments);
    const failed = await clearingPayment(s.payments);
    const { results } = await s.payments.reportPaymentOutcomes({
      reports: [
        { paymentId: settled.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' },
        { paymentId: failed.id, attempt: 0, outcome: BankOutcome.FAILED, failureCode: 'insufficient_funds' },
      ],
    });
    expect(results.map((r) => r.error?.reason ?? 'applied')).toEqual(['applied', 'applied']);
    const settledRead = (await s.payments.getPayment({ merchantId: settled.merchantId, id: settled.id })).payment!;
    expect(settledRead).toMatchObject({ status: PS.SETTLED, clearingStatus: CS.CLEARED, settlementDate: '2026-11-23' });
    expect(await announced(settled.id, 'payment.settled')).toEqual(settledRead);
    const failedRead = (await s.payments.getPayment({ merchantId: failed.merchantId, id: failed.id })).payment!;
    expect(failedRead).toMatchObject({ status: PS.FAILED, clearingStatus: CS.REJECTED, failureCode: 'insufficient_funds' });
    expect(await announced(failed.id, 'payment.failed')).toEqual(failedRead);
  });

  it('read a payment another replica created first, and announce it the same way', async () => {
    const other = await s.startAnotherPaymentService();
    const p = await clearingPayment(other.client);
    await s.payments.reportPaymentOutcomes({
      reports: [{ paymentId: p.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' }],
    });
    const read = (await s.payments.getPayment({ merchantId: p.merchantId, id: p.id })).payment!;
    expect(read.status).toBe(PS.SETTLED);
    expect(await announced(p.id, 'payment.settled')).toEqual(read);
  });

  it('do not read back a payment this process created (shown by a change made behind its back)', async () => {
    const p = await clearingPayment(s.payments);
    // Nothing the API offers changes a submitted payment's metadata; this edit is only seen by a read.
    const db = new pg.Client({ connectionString: s.db.url });
    await db.connect();
    await db.query(`UPDATE payment.payments SET metadata = '{"edited": "behind its back"}' WHERE id = $1`, [p.id]);
    await db.end();
    await s.payments.reportPaymentOutcomes({
      reports: [{ paymentId: p.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' }],
    });
    expect((await s.payments.getPayment({ merchantId: p.merchantId, id: p.id })).payment!.metadata).not.toEqual(p.created.metadata);
    expect((await announced(p.id, 'payment.settled')).metadata).toEqual(p.created.metadata);
  });

  it('ignore a stale report about a payment this process created, once it moved on', async () => {
    const p = await clearingPayment(s.payments);
    await s.payments.reportPaymentOutcome({ paymentId: p.id, attempt: 0, outcome: BankOutcome.FAILED, failureCode: 'insufficient_funds' });
    const { results } = await s.payments.reportPaymentOutcomes({
      reports: [{ paymentId: p.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-23' }],
    });
    expect(results[0]!.error).toBeUndefined();
    const read = (await s.payments.getPayment({ merchantId: p.merchantId, id: p.id })).payment!;
    expect(read).toMatchObject({ status: PS.FAILED, failureCode: 'insufficient_funds' });
    expect(read.timeline.map((t) => t.status)).toEqual(['submitted', 'failed']);
  });
});
