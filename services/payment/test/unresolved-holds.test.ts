import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { newId } from '@vrp/ids';
import { createPool, type SqlPool } from '@vrp/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, settledPayment } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// The refund service records a create's request together with its refund, after the hold, so a
// hold whose create died in between is known only here: ListUnresolvedRefundHolds is how its
// sweeper finds them.

let s: Stack;
let pool: SqlPool;
beforeAll(async () => {
  s = await startStack();
  pool = createPool(s.db.url, { max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await s?.close();
});

const age = (refundId: string, minutes: number) =>
  pool.query(`UPDATE payment.refund_allocations SET created_at = now() - make_interval(mins => $2) WHERE refund_id = $1`, [
    refundId,
    minutes,
  ]);

describe('listing refund holds nobody resolved', () => {
  it('lists only holds neither confirmed nor released made before the cut-off, oldest first', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const hold = async (minutesAgo: number) => {
      const refundId = newId('refund');
      await s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 100n });
      await age(refundId, minutesAgo);
      return refundId;
    };
    const older = await hold(30);
    const old = await hold(20);
    const confirmed = await hold(25);
    await s.payments.confirmRefund({ merchantId, paymentId, refundId: confirmed });
    const released = await hold(25);
    await s.payments.releaseRefund({ merchantId, paymentId, refundId: released });
    await hold(0); // too young
    // A release that arrived before its hold leaves a tombstone (released): never listed either.
    await s.payments.releaseRefund({ merchantId, paymentId, refundId: newId('refund') });

    const cutoff = new Date(Date.now() - 10 * 60_000);
    const { holds } = await s.payments.listUnresolvedRefundHolds({ createdBefore: timestampFromDate(cutoff), limit: 500 });
    const mine = holds.filter((h) => h.paymentId === paymentId);
    expect(mine.map((h) => h.refundId)).toEqual([older, old]);
    expect(mine[0]).toMatchObject({ merchantId, paymentId, amountMinor: 100n });
    expect(timestampDate(mine[0]!.createdAt!).getTime()).toBeLessThan(cutoff.getTime());

    const { holds: first } = await s.payments.listUnresolvedRefundHolds({ createdBefore: timestampFromDate(cutoff), limit: 1 });
    expect(first).toHaveLength(1);
  });

  it('refuses a missing cut-off or a limit out of range', async () => {
    const createdBefore = timestampFromDate(new Date());
    expect(await codeOf(s.payments.listUnresolvedRefundHolds({ limit: 10 }))).toBe('validation_error');
    expect(await codeOf(s.payments.listUnresolvedRefundHolds({ createdBefore, limit: 0 }))).toBe('validation_error');
    expect(await codeOf(s.payments.listUnresolvedRefundHolds({ createdBefore, limit: 501 }))).toBe('validation_error');
  });
});
