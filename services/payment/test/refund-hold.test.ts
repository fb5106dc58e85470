import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import { createPool, type Queryable, type SqlPool } from '@vrp/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPayment } from '../src/db/payment-sql.js';
import { findAllocation, holdAsAsked, type AskedAmount } from '../src/db/refund-allocations.js';
import { codeOf, newMerchant, pay, seedMandate, settledPayment } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// The first phase of a refund's booking in one statement: the amount is decided from the payment
// as the statement locks it (a decimal amount in the payment's currency, "everything" as what is
// left), so the payment is not read first. When it holds nothing, the caller reads the payment
// and its verdict says why; nothing of the attempt is left behind.

let s: Stack;
let pool: SqlPool;
beforeAll(async () => {
  s = await startStack();
  pool = createPool(s.db.url, { max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await s?.close();
});

/** `pool`, counting the statements sent through it. */
function counting(): { db: Queryable; sent: string[] } {
  const sent: string[] = [];
  const db = { query: (text: string, values: unknown[]) => (sent.push(text), pool.query(text, values)) };
  return { db: db as unknown as Queryable, sent };
}

const hold = (db: Queryable, merchantId: string, paymentId: string, asked: AskedAmount, refundId = newId('refund')) =>
  holdAsAsked(db, { refundId, merchantId, paymentId, asked, at: new Date() });

describe('holding a refund in one statement', () => {
  it.each([
    ['JPY', '1000', 1_000n],
    ['KWD', '1.234', 1_234n],
    ['GBP', '10.5', 1_050n],
  ])('scales a decimal amount in the payment currency (%s %s)', async (currency, decimal, expected) => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n, currency);
    const { db, sent } = counting();
    const held = await hold(db, merchantId, paymentId, { decimal });
    expect(sent).toHaveLength(1);
    expect(held?.amountMinor).toBe(expected);
    // The payment as it was before the hold, as a read shows it apart from the amount held.
    const read = (await readPayment(pool, merchantId, paymentId))!;
    expect(read.amountHeldMinor).toBe(expected);
    expect(held?.payment).toEqual({ ...read, amountHeldMinor: 0n });
  });

  it('holds what is left for "everything", and any amount that takes all of it', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n, 'KWD');
    expect((await hold(pool, merchantId, paymentId, { decimal: '1.5' }))?.amountMinor).toBe(1_500n);
    expect((await hold(pool, merchantId, paymentId, { minor: 0n }))?.amountMinor).toBe(3_500n);
    const other = await settledPayment(s, 5_000n, 'KWD');
    await hold(pool, other.merchantId, other.paymentId, { minor: 4_500n });
    // 0.500 KWD is below the partial minimum (1.000) but takes all that is left.
    expect((await hold(pool, other.merchantId, other.paymentId, { decimal: '0.5' }))?.amountMinor).toBe(500n);
  });

  it('holds nothing and leaves no allocation where the payment says no', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n, 'KWD');
    const m = await seedMandate(s, merchantId, { currency: 'KWD' });
    const unsettled = await pay(s, merchantId, m.id, 1_000n, 'KWD');
    const refusals: [string, string, AskedAmount][] = [
      ['more decimals than the currency has', paymentId, { decimal: '1.2345' }],
      ['a partial refund below one major unit', paymentId, { decimal: '0.999' }],
      ['more than the payment', paymentId, { minor: 5_001n }],
      ['a payment not settled', unsettled.id, { minor: 1_000n }],
      ['an unknown payment', 'PM00000000000000000000000000', { minor: 1_000n }],
    ];
    for (const [why, id, asked] of refusals) {
      const refundId = newId('refund');
      expect(await hold(pool, merchantId, id, asked, refundId), why).toBeNull();
      expect(await findAllocation(pool, refundId), why).toBeNull();
    }
    // Another merchant's payment is not found either.
    expect(await hold(pool, newMerchant(), paymentId, { minor: 1_000n })).toBeNull();
    expect((await readPayment(pool, merchantId, paymentId))!.amountHeldMinor).toBe(0n);
  });

  it('holds what is left as the payment now is, when another hold commits while the statement waits for the lock', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n);
    const other = await pool.connect();
    try {
      // Another hold, not yet committed: the statement's read sees 50.00 refundable, its lock waits.
      await other.query('BEGIN');
      await other.query('UPDATE payment.payments SET amount_held_minor = amount_held_minor + 1000 WHERE id = $1', [paymentId]);
      const everything = s.payments.allocateRefund({ merchantId, paymentId, refundId: newId('refund'), amountMinor: 0n });
      await waitFor(
        async () =>
          (await pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%refund_allocations%'`))
            .rowCount === 1,
        { what: 'the hold to wait for the payment lock' },
      );
      await other.query('COMMIT');
      // The statement, re-checking under the lock, holds nothing; the read that follows allows 40.00.
      const held = await everything;
      expect(held.amountMinor).toBe(4_000n);
      expect(held.remainingAfterMinor).toBe(0n);
    } finally {
      other.release();
    }
    expect((await readPayment(pool, merchantId, paymentId))!.amountHeldMinor).toBe(5_000n);
  });

  it('leaves the verdicts to the read that follows a refusal', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n, 'JPY');
    const allocate = (amount: string) => s.payments.allocateRefund({ merchantId, paymentId, refundId: newId('refund'), amount });
    await expect(allocate('1.5')).rejects.toMatchObject({ code: 'validation_error', message: 'amount JPY has no minor units' });
    expect(await codeOf(allocate('5001'))).toBe('refund_exceeds_payment');
    expect((await allocate('5000')).amountMinor).toBe(5_000n);
    expect(await codeOf(allocate('1'))).toBe('refund_exceeds_payment');
  });
});
