import { refund } from '@vrp/contracts';
import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markAbandoned } from '../src/db/refund-requests.js';
import { insertRefund } from '../src/db/refund-sql.js';
import { apiError, currentPayment, newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ REFUND_BANK_DECISION_TIMEOUT: '20m' });
});
afterAll(async () => {
  await h?.close();
});

const requestState = async (id: string) =>
  (await h.sql<{ state: string }>('SELECT state FROM refund.refund_requests WHERE id = $1', [id]))[0]?.state;

describe('recovery', () => {
  it('gives back the booking of a request whose process died between booking and recording', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    // What a process leaves behind when it dies right after AllocateRefund: an open request
    // (old enough to be stale) and a booking on the payment, but no refund.
    const dead = newId('refund');
    // Booked before the stale request row appears, so a sweep running during this setup never
    // sees the request without its booking (in the real flow a request is young while it books).
    await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: dead, amountMinor: 1_500n });
    // The hold is not public, but it does take the amount.
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(0n);
    expect(
      (await apiError(h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: newId('refund'), amountMinor: 2_501n }))).code,
    ).toBe('refund_exceeds_payment');
    await h.sql(
      `INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state, created_at)
       VALUES ($1, $2, $3, 1500, 'open', now() - interval '10 minutes')`,
      [dead, merchantId, paid.id],
    );
    // One still in progress is left alone.
    const young = newId('refund');
    await h.sql(`INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES ($1, $2, $3, 100, 'open')`, [
      young,
      merchantId,
      paid.id,
    ]);

    await waitFor(async () => (await requestState(dead)) === 'released', { what: 'stale request released' });
    // All of the payment is refundable again (the young request booked nothing).
    const { refund: whole } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: '' });
    expect(whole!.amountMinor).toBe(4_000n);
    expect(await requestState(young)).toBe('open');
    expect((await apiError(h.refunds.getRefund({ merchantId, id: dead }))).code).toBe('not_found');
  });

  it('gives back a hold whose create died before recording anything, and its refund can no longer be recorded', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    // A create without an Idempotency-Key writes nothing before its hold: a process that dies
    // right after AllocateRefund leaves the hold alone, known only to the payment service.
    const dead = newId('refund');
    await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: dead, amountMinor: 1_500n });
    const young = newId('refund');
    await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: young, amountMinor: 100n });
    await h.sql(`UPDATE payment.refund_allocations SET created_at = now() - interval '10 minutes' WHERE refund_id = $1`, [dead]);

    await waitFor(async () => (await requestState(dead)) === 'released', { what: 'the unrecorded hold given back' });
    const [allocation] = await h.sql<{ released: boolean }>(
      'SELECT released_at IS NOT NULL AS released FROM payment.refund_allocations WHERE refund_id = $1',
      [dead],
    );
    expect(allocation).toEqual({ released: true });
    // The young hold (its create may still be recording) is left alone: 4,000 - 100 is refundable.
    expect(await requestState(young)).toBeUndefined();
    expect(
      (await apiError(h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: newId('refund'), amountMinor: 3_901n }))).code,
    ).toBe('refund_exceeds_payment');
    // The create, had it been only slow, could not record its refund now: the request's row says abandoned.
    const pool = new pg.Pool({ connectionString: h.db.url, max: 1 });
    try {
      const late = insertRefund(pool, h.stream.subjectPrefix, lateRefund(dead, merchantId, paid.id, 1_500n), new Date());
      expect((await late.catch((err: unknown) => err)) as { code?: string }).toMatchObject({ code: 'service_unavailable' });
    } finally {
      await pool.end();
    }
    expect((await apiError(h.refunds.getRefund({ merchantId, id: dead }))).code).toBe('not_found');
  });

  it('a sweeper abandoning a hold and its create recording the refund at once: exactly one wins', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 20_000n);
    const pool = new pg.Pool({ connectionString: h.db.url, max: 40 });
    try {
      // 100 races, 20 at a time: both statements insert the same new request row, and a few races
      // in a hundred make one of them lose on the request's second unique index (see
      // retryingUniqueRace), which must end as a clean outcome, not an error.
      const outcomes = [];
      for (let batch = 0; batch < 5; batch++) {
        outcomes.push(
          ...(await Promise.all(
            Array.from({ length: 20 }, async () => {
              const id = newId('refund');
              await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: id, amountMinor: 100n });
              const [recorded, abandoned] = await Promise.allSettled([
                insertRefund(pool, h.stream.subjectPrefix, lateRefund(id, merchantId, paid.id, 100n), new Date()),
                markAbandoned(pool, { merchantId, paymentId: paid.id, id }),
              ]);
              const [request] = await h.sql<{ state: string }>('SELECT state FROM refund.refund_requests WHERE id = $1', [id]);
              const refunds = await h.sql('SELECT 1 FROM refund.refunds WHERE id = $1', [id]);
              return {
                recorded:
                  recorded.status === 'fulfilled' ? 'recorded' : ((recorded.reason as { code?: string }).code ?? String(recorded.reason)),
                abandoned: abandoned.status === 'fulfilled' ? abandoned.value : `threw ${String(abandoned.reason)}`,
                request,
                refunds: refunds.length,
              };
            }),
          )),
        );
      }
      expect(outcomes).toHaveLength(100);
      for (const o of outcomes) {
        // Either the refund was recorded (and the sweeper saw a completed request: nothing to
        // give back), or the request was abandoned first (no refund exists, and the create
        // answers service_unavailable).
        if (o.recorded === 'recorded') expect(o).toMatchObject({ abandoned: 'completed', request: { state: 'completed' }, refunds: 1 });
        else
          expect(o).toMatchObject({
            recorded: 'service_unavailable',
            abandoned: 'abandoned',
            request: { state: expect.stringMatching(/^(abandoned|released)$/) },
            refunds: 0,
          });
      }
      // The sweeper then finishes both kinds: recorded refunds confirmed, abandoned holds given back.
      const recorded = outcomes.filter((o) => o.recorded === 'recorded').length;
      await waitFor(async () => (await currentPayment(h, merchantId, paid.id)).amountRefundedMinor === BigInt(recorded) * 100n, {
        what: 'recorded refunds confirmed',
      });
      await waitFor(
        async () =>
          (
            await h.sql('SELECT 1 FROM payment.refund_allocations WHERE payment_id = $1 AND released_at IS NULL AND confirmed_at IS NULL', [
              paid.id,
            ])
          ).length === 0,
        { what: 'abandoned holds given back' },
      );
    } finally {
      await pool.end();
    }
  });

  it('gives the booking back when recording the refund fails', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    // Make the insert fail inside the recording transaction, after the booking was made.
    await h.sql(`ALTER TABLE refund.refunds ADD CONSTRAINT test_refuses_reason CHECK (reason <> 'refuse me')`);
    try {
      const err = await apiError(h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 2_000n, reason: 'refuse me' }));
      expect(err.code).toBe('internal_error');
    } finally {
      await h.sql('ALTER TABLE refund.refunds DROP CONSTRAINT test_refuses_reason');
    }
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(0n);
    const states = await h.sql<{ state: string }>('SELECT state FROM refund.refund_requests WHERE merchant_id = $1', [merchantId]);
    expect(states).toEqual([{ state: 'released' }]);
    // The booking that was given back left no trace: the next refund is the first thing on the
    // stream after the payment's own events (no payment.refunded / payment.settled pair for a
    // refund that never existed).
    const { refund: later } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_000n, reason: 'real' });
    const mine = await waitFor(
      async () => {
        const events = (await h.stream.events()).filter((e) => e.merchantId === merchantId && !e.eventType.startsWith('mandate.'));
        // Two services publish these: wait for both the payment's and the refund's event.
        return events.some((e) => e.eventType === 'payment.refunded') && events.some((e) => e.eventType === 'refund.created')
          ? events
          : undefined;
      },
      { what: 'the real refund on the stream' },
    );
    expect(mine.map((e) => `${e.eventType} ${e.resource.value?.id}`).sort()).toEqual(
      [`payment.refunded ${paid.id}`, `payment.settled ${paid.id}`, `payment.submitted ${paid.id}`, `refund.created ${later!.id}`].sort(),
    );
    const refunded = mine.find((e) => e.eventType === 'payment.refunded')!.resource.value as { amountRefundedMinor: bigint };
    expect(refunded.amountRefundedMinor).toBe(1_000n);
  });

  it('confirms the booking of a recorded refund whose confirmation never reached the payment service', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    // What a process leaves behind when it dies after recording the refund but before
    // ConfirmRefund: a held booking, a completed request and an unconfirmed refund.
    const id = newId('refund');
    await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: id, amountMinor: 1_500n });
    await h.sql(
      `INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES ($1, $2, $3, 1500, 'completed')`,
      [id, merchantId, paid.id],
    );
    await h.sql(
      `INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, expected_settlement_date, created_at)
       VALUES ($1, $2, $3, 1500, 'GBP', 'pending_settlement', current_date, now() - interval '1 minute')`,
      [id, merchantId, paid.id],
    );
    await waitFor(async () => (await currentPayment(h, merchantId, paid.id)).amountRefundedMinor === 1_500n, {
      what: 'the sweeper confirming',
    });
    await waitFor(
      async () => (await h.sql('SELECT 1 FROM refund.refunds WHERE id = $1 AND allocation_confirmed_at IS NOT NULL', [id])).length === 1,
    );
    // Once confirmed it goes to the bank, and payment.refunded was written exactly once.
    await waitFor(
      async () => (await h.sql('SELECT 1 FROM refund.refunds WHERE id = $1 AND bank_reference IS NOT NULL', [id])).length === 1,
      {
        what: 'the bank submission',
      },
    );
    // The payment service's relay publishes it after the confirming commit: wait for it, then count.
    const refunded = await waitFor(
      async () => {
        const found = (await h.stream.events()).filter((e) => e.eventType === 'payment.refunded' && e.resource.value?.id === paid.id);
        return found.length > 0 ? found : undefined;
      },
      { what: 'payment.refunded on the stream' },
    );
    expect(refunded).toHaveLength(1);
  });

  it('finishes giving back a failed refund whose release was interrupted', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    const { refund: r } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: '' });
    // A failure recorded by a process that died before it reached the payment service.
    await h.sql(`UPDATE refund.refunds SET status = 'failed', failed_at = now() WHERE id = $1`, [r!.id]);
    await waitFor(async () => (await currentPayment(h, merchantId, paid.id)).amountRefundedMinor === 0n, { what: 'release' });
    const { refund: after } = await h.refunds.getRefund({ merchantId, id: r!.id });
    expect(after!.status).toBe(refund.RefundStatus.FAILED);
    await waitFor(
      async () => (await h.sql('SELECT 1 FROM refund.refunds WHERE id = $1 AND allocation_released_at IS NOT NULL', [r!.id])).length === 1,
    );
  });

  it('hands a refund the bank acknowledged but never decided to the bank again (a bank that restarted forgot it)', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    const { refund: r } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_000n, reason: '' });
    await waitFor(() => h.bank.refundSubmissions.some((x) => x.refundId === r!.id), { what: 'the first submission' });
    // Acknowledged, then nothing: as if the bank lost it. Older than the decision timeout (20 min, below).
    await h.sql(`UPDATE refund.refunds SET bank_submitted_at = now() - interval '1 hour' WHERE id = $1`, [r!.id]);
    await waitFor(() => h.bank.refundSubmissions.filter((x) => x.refundId === r!.id).length >= 2, { what: 'the refund handed over again' });
    // Handed over once per timeout, not on every sweep: the new hand-over is noted (once the
    // bank has answered, which is after it recorded the submission the wait above saw).
    await waitFor(
      async () =>
        (
          await h.sql<{ recent: boolean }>(
            `SELECT bank_submitted_at > now() - interval '1 minute' AS recent FROM refund.refunds WHERE id = $1`,
            [r!.id],
          )
        )[0]!.recent,
      { what: 'the new hand-over noted' },
    );
  });

  it('stops cleanly and publishes what it committed before stopping', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    const { refund: r } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_000n, reason: '' });
    await h.restartRefunds();
    const published = await h.sql('SELECT 1 FROM refund.outbox_events WHERE published_at IS NULL');
    expect(published).toEqual([]);
    const events = await h.stream.events();
    expect(events.some((e) => e.eventType === 'refund.created' && e.resource.value?.id === r!.id)).toBe(true);
    // The restarted service carries on where the old one stopped.
    const { refund: settled } = await h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.SETTLED });
    expect(settled!.status).toBe(refund.RefundStatus.SETTLED);
  });
});

/** The refund a create would record for `id` (as if it were still running). */
function lateRefund(id: string, merchantId: string, paymentId: string, amountMinor: bigint) {
  return { id, merchantId, paymentId, amountMinor, currency: 'GBP', reason: '', metadata: {}, expectedSettlementDate: '2026-12-01' };
}
