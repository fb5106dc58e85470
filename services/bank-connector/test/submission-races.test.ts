// The rows that decide who submits: racing records of one payment attempt or one refund, against
// the real schema. Exactly one insert wins each race and none fails, whichever of the row's
// unique indexes (its key, its idempotency key, its InstructionIdentification) a twin meets first.
import { createPool, type SqlPool } from '@vrp/sql';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPayment } from '../src/db/payments.js';
import { insertRefund } from '../src/db/refunds.js';
import { instructionId, paymentKey, refundKey } from '../src/domain/request-keys.js';
import { newId } from './support/fixtures.js';

let db: TestDatabase;
let sql: SqlPool;
beforeAll(async () => {
  db = await createTestDatabase(['bank-connector']);
  sql = createPool(db.url, { max: 8 });
});
afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

/** Races: each runs `twins` inserts of one row at once. */
const RACES = 200;
const TWINS = 8;

/** How the races ended: inserts that won, and errors. */
async function race(insert: (i: number) => Promise<unknown>): Promise<{ won: number[]; errors: unknown[] }> {
  const won: number[] = [];
  const errors: unknown[] = [];
  for (let i = 0; i < RACES; i++) {
    const outcomes = await Promise.allSettled(Array.from({ length: TWINS }, () => insert(i)));
    won.push(outcomes.filter((o) => o.status === 'fulfilled' && o.value).length);
    errors.push(...outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : [])));
  }
  return { won, errors };
}

describe('racing records of one submission', () => {
  it('record a payment attempt once: one twin inserts it, the others find it, none fails', async () => {
    const payments = Array.from({ length: RACES }, () => newId('PM'));
    const { won, errors } = await race((i) =>
      insertPayment(
        sql,
        {
          paymentId: payments[i]!,
          attempt: 0,
          merchantId: 'MR1',
          mandateId: 'MD1',
          consentId: null,
          amountMinor: 1000n,
          currency: 'GBP',
          reference: payments[i]!,
          endToEndId: payments[i]!,
          idempotencyKey: paymentKey(payments[i]!, 0),
          instructionId: instructionId(payments[i]!, 0),
        },
        60_000,
      ),
    );
    expect(errors).toEqual([]);
    expect(won).toEqual(Array.from({ length: RACES }, () => 1));
  });

  it('record a refund once: one twin inserts it, the others find it, none fails', async () => {
    const refunds = Array.from({ length: RACES }, () => newId('RF'));
    const { won, errors } = await race((i) =>
      insertRefund(
        sql,
        {
          refundId: refunds[i]!,
          paymentId: 'PM1',
          merchantId: 'MR1',
          amountMinor: 500n,
          currency: 'GBP',
          idempotencyKey: refundKey(refunds[i]!),
          creditor: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '20000012345678', Name: 'A Customer' },
        },
        60_000,
      ),
    );
    expect(errors).toEqual([]);
    expect(won).toEqual(Array.from({ length: RACES }, () => 1));
  });
});
