import { refund } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRefundById, transitionRefund } from '../src/db/refund-sql.js';
import { newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

let h: Harness;
let client: pg.Pool;
beforeAll(async () => {
  // No sweeps while these run: what the hand-over notes is its own doing, not the recovery sweeper's.
  h = await startHarness({ REFUND_SWEEP_INTERVAL: '10m' });
  client = new pg.Pool({ connectionString: h.db.url, max: 1 });
});
afterAll(async () => {
  await client?.end();
  await h?.close();
});

const settledEventsInOutbox = async () =>
  Number((await h.sql<{ n: string }>(`SELECT count(*) AS n FROM refund.outbox_events WHERE subject LIKE '%.refund.settled'`))[0]!.n);

async function newRefund(amountMinor: bigint) {
  const merchantId = newMerchantId();
  const paid = await seedPayment(h, merchantId, 2_000n);
  const { refund: created } = await h.refunds.createRefund({
    merchantId,
    paymentId: paid.id,
    amountMinor,
    reason: '',
    metadata: { ticket: 'T-9', n: 2 },
  });
  return { merchantId, id: created!.id };
}

describe('the bank settling a refund', () => {
  it('writes refund.settled exactly as the refund reads once settled (built from the read before the move)', async () => {
    const { merchantId, id } = await newRefund(500n);
    const { refund: answered } = await h.refunds.reportRefundOutcome({ refundId: id, outcome: refund.RefundOutcome.SETTLED });
    const { refund: read } = await h.refunds.getRefund({ merchantId, id });
    expect(read!.status).toBe(refund.RefundStatus.SETTLED);
    expect(read!.timeline.map((e) => e.status)).toEqual(['pending_settlement', 'settled']);
    expect(answered).toEqual(read);
    const event = await waitFor(
      async () => (await h.stream.events()).find((e) => e.eventType === 'refund.settled' && e.resource.value?.id === id),
      { what: 'refund.settled on the stream' },
    );
    expect(event.resource.value).toEqual(read);
  });

  it('moves nothing and writes no event when judged on a read another report has overtaken', async () => {
    const { id } = await newRefund(300n);
    const stale = (await readRefundById(client, id))!;
    expect(stale.status).toBe('pending_settlement');
    await h.refunds.reportRefundOutcome({ refundId: id, outcome: refund.RefundOutcome.FAILED });
    const before = await settledEventsInOutbox();

    expect(await transitionRefund(client, h.stream.subjectPrefix, stale, 'settled', new Date())).toBeNull();

    const now = (await readRefundById(client, id))!;
    expect(now.status).toBe('failed');
    expect(now.settledAt).toBeNull();
    expect(now.timeline.map((e) => e.status)).toEqual(['pending_settlement', 'failed']);
    expect(await settledEventsInOutbox()).toBe(before);
  });

  it('a failure writes no refund.settled', async () => {
    const before = await settledEventsInOutbox();
    const { id } = await newRefund(200n);
    const { refund: failed } = await h.refunds.reportRefundOutcome({ refundId: id, outcome: refund.RefundOutcome.FAILED });
    expect(failed!.status).toBe(refund.RefundStatus.FAILED);
    expect(await settledEventsInOutbox()).toBe(before);
  });
});

describe('the bank rejecting a refund', () => {
  const failedEventsOf = async (id: string) =>
    (await h.stream.events()).filter((e) => e.eventType === 'refund.failed' && e.resource.value?.id === id);

  it('writes refund.failed exactly once, as the refund reads once failed, however many reports race', async () => {
    const { merchantId, id } = await newRefund(250n);
    const reports = await Promise.allSettled(
      Array.from({ length: 5 }, () => h.refunds.reportRefundOutcome({ refundId: id, outcome: refund.RefundOutcome.FAILED })),
    );
    expect(reports.every((r) => r.status === 'fulfilled')).toBe(true);
    const { refund: read } = await h.refunds.getRefund({ merchantId, id });
    expect(read!.status).toBe(refund.RefundStatus.FAILED);
    const [event] = await waitFor(async () => ((await failedEventsOf(id)).length ? failedEventsOf(id) : undefined), {
      what: 'refund.failed on the stream',
    });
    expect(event!.resource.value).toEqual(read);
    const inOutbox = await h.sql<{ n: string }>(
      `SELECT count(*) AS n FROM refund.outbox_events WHERE subject LIKE '%.refund.failed' AND position(convert_to($1, 'UTF8') in payload) > 0`,
      [id],
    );
    expect(Number(inOutbox[0]!.n)).toBe(1);
    expect(await failedEventsOf(id)).toHaveLength(1);
  });
});

describe('handing a refund to the bank', () => {
  it("notes the booking's confirmation with the bank's acknowledgement, in one statement", async () => {
    const { id } = await newRefund(400n);
    const [noted] = await waitFor(
      async () => {
        const found = await h.sql<{ confirmed: Date | null; submitted: Date | null }>(
          'SELECT allocation_confirmed_at AS confirmed, bank_submitted_at AS submitted FROM refund.refunds WHERE id = $1 AND bank_reference IS NOT NULL',
          [id],
        );
        return found.length ? found : undefined;
      },
      { what: 'the bank acknowledgement noted' },
    );
    // One statement sets both, to the same time.
    expect(noted!.confirmed).not.toBeNull();
    expect(noted!.confirmed!.getTime()).toBe(noted!.submitted!.getTime());
  });

  it('notes the confirmation alone when the bank turns the refund away (which the resubmission sweeper looks for)', async () => {
    h.bank.refusingRefunds = true;
    try {
      const { id } = await newRefund(400n);
      await waitFor(() => h.bank.refusedRefundIds.includes(id), { what: 'refused submission' });
      await waitFor(
        async () =>
          (
            await h.sql('SELECT 1 FROM refund.refunds WHERE id = $1 AND allocation_confirmed_at IS NOT NULL AND bank_reference IS NULL', [
              id,
            ])
          ).length === 1,
        { what: 'the confirmation noted without an acknowledgement' },
      );
    } finally {
      h.bank.refusingRefunds = false;
    }
  });
});
