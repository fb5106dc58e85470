import { create } from '@bufbuild/protobuf';
import { mandate, payment } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CS, newMerchant, pay, PS, seedMandate } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

const { BankOutcome } = payment;
let s: Stack;
beforeAll(async () => {
  s = await startStack(); // nothing settles by itself: the test reports outcomes
});
afterAll(() => s?.close());

async function acknowledgedPayment(controls?: mandate.Controls) {
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId, controls ? { controls } : {});
  const p = await pay(s, merchantId, m.id);
  await waitFor(async () => (await s.payments.getPayment({ merchantId, id: p.id })).payment!.clearingStatus === CS.CLEARING, {
    what: `the bank to acknowledge ${p.id}`,
  });
  return { merchantId, mandateId: m.id, id: p.id };
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

  it('decides settlements and failures of many payments together, each once however often the batch races itself', async () => {
    // A monthly limit on each mandate: a failure gives its period back, a settlement keeps it.
    const limited = create(mandate.ControlsSchema, {
      periodicLimits: [
        create(mandate.PeriodicLimitSchema, { period: mandate.Period.MONTH, alignment: mandate.Alignment.CALENDAR, maxPayments: 5 }),
      ],
    });
    const payments: Awaited<ReturnType<typeof acknowledgedPayment>>[] = [];
    for (let i = 0; i < 6; i++) payments.push(await acknowledgedPayment(limited));
    const fails = (i: number) => i % 3 === 2;
    const reports = payments.map((p, i) =>
      fails(i)
        ? { paymentId: p.id, attempt: 0, outcome: BankOutcome.FAILED, failureCode: 'insufficient_funds' }
        : { paymentId: p.id, attempt: 0, outcome: BankOutcome.SETTLED, settlementDate: '2026-11-25' },
    );
    const answers = await Promise.all([1, 2, 3].map(() => s.payments.reportPaymentOutcomes({ reports })));
    for (const { results } of answers) expect(results.map((r) => r.error?.reason ?? 'applied')).toEqual(reports.map(() => 'applied'));

    const db = new pg.Client({ connectionString: s.db.url });
    await db.connect();
    try {
      for (const [i, p] of payments.entries()) {
        const got = (await s.payments.getPayment({ merchantId: p.merchantId, id: p.id })).payment!;
        const status = fails(i) ? 'failed' : 'settled';
        expect(got).toMatchObject(
          fails(i)
            ? { status: PS.FAILED, clearingStatus: CS.REJECTED, failureCode: 'insufficient_funds' }
            : { status: PS.SETTLED, clearingStatus: CS.CLEARED, settlementDate: '2026-11-25' },
        );
        expect(got.timeline.map((t) => t.status)).toEqual(['submitted', status]);
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payment.outbox_events WHERE subject LIKE $1 AND position(convert_to($2, 'UTF8') IN payload) > 0`,
          [`%.payment.${status}`, p.id],
        );
        expect(rows[0]!.n).toBe(1);
        const { usage } = await s.payments.getMandateUsage({ merchantId: p.merchantId, mandateId: p.mandateId });
        expect(usage.map((u) => u.paymentsUsed)).toEqual([fails(i) ? 0 : 1]);
      }
    } finally {
      await db.end();
    }
  });
});
