import type { ObStatusReason } from '@vrp/open-banking';
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MovementStatus, Payment } from '../domain/payment.js';
import {
  duePaymentSettlements as duePaymentSettlementsQuery,
  insertPayment as insertPaymentQuery,
  lockPayment as lockPaymentQuery,
  movePayment as movePaymentQuery,
  paymentById as paymentByIdQuery,
  relinkTakenPayments as relinkTakenPaymentsQuery,
  usedInPeriods as usedInPeriodsQuery,
  type IPaymentByIdResult,
} from '../generated/sql/payments.queries.js';
import type { Tx } from './tx.js';

/**
 * A payment as every payment read of sql/payments.sql returns it, made the bank's Payment: the
 * amount (int8, read as its digits) a bigint, and the status, reasons, Data and risk typed as the
 * bank writes them.
 */
const toPayment = (r: IPaymentByIdResult): Payment => ({
  ...r,
  status: r.status as MovementStatus,
  statusReasons: r.statusReasons as ObStatusReason[] | null,
  amountMinor: BigInt(r.amountMinor),
  data: r.data as unknown as Payment['data'],
  risk: r.risk as unknown as Payment['risk'],
});

/** Records a payment. */
export async function insertPayment(db: Queryable, p: Payment): Promise<void> {
  await insertPaymentQuery.run(
    {
      ...p,
      // jsonb bound as its JSON text, as written; the amount as its digits.
      statusReasons: p.statusReasons ? JSON.stringify(p.statusReasons) : null,
      amountMinor: p.amountMinor.toString(),
      data: JSON.stringify(p.data),
      risk: JSON.stringify(p.risk),
    },
    db,
  );
}

/** A payment by id; `forUpdate` locks it. */
export async function paymentById(db: Queryable, id: string, forUpdate = false): Promise<Payment | undefined> {
  const [row] = await (forUpdate ? lockPaymentQuery : paymentByIdQuery).run({ id }, db);
  return row ? toPayment(row) : undefined;
}

/**
 * One transaction on the payment `id`, read first and locked (undefined when there is none), so
 * decisions on it go one at a time; `work` decides and writes on the same transaction, which
 * commits when `work` resolves and rolls back when it throws.
 */
export function withLockedPayment<T>(pool: SqlPool, id: string, work: (tx: Tx, payment: Payment | undefined) => Promise<T>): Promise<T> {
  return transaction(pool, async (tx) => work(tx, await paymentById(tx, id, true)));
}

/**
 * What the consent's payments that have not been rejected add up to in each period, [from, to)
 * on the payee's clock, in the order given.
 */
export async function usedInPeriods(db: Queryable, consentId: string, periods: { from: Date; to: Date }[]): Promise<bigint[]> {
  if (!periods.length) return [];
  const found = await usedInPeriodsQuery.run({ consentId, froms: periods.map((p) => p.from), tos: periods.map((p) => p.to) }, db);
  // The sums are numeric, read as their digits.
  return found.map((r) => BigInt(r.used));
}

/** Moves a payment to `to` if it is in one of `from`, with its reasons and time; undefined otherwise. */
export async function movePayment(
  db: Queryable,
  id: string,
  to: MovementStatus,
  from: readonly MovementStatus[],
  change: { at: Date; reasons?: ObStatusReason[] },
): Promise<Payment | undefined> {
  const [row] = await movePaymentQuery.run(
    { id, to, from: [...from], statusReasons: change.reasons ? JSON.stringify(change.reasons) : null, at: change.at },
    db,
  );
  return row ? toPayment(row) : undefined;
}

/** Moves the taken payments of account `from` to account `to` (an account switched). */
export async function relinkTakenPayments(db: Queryable, from: string, to: string): Promise<void> {
  await relinkTakenPaymentsQuery.run({ from, to }, db);
}

/** Taken payments whose automatic settlement is due on their payee's clock (each is then decided in its own transaction). */
export async function dueSettlements(db: Queryable, limit: number): Promise<string[]> {
  return (await duePaymentSettlementsQuery.run({ limit }, db)).map((r) => r.id);
}
