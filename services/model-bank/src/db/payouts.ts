import type { ObStatusReason } from '@vrp/open-banking';
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MovementStatus, Payout } from '../domain/payment.js';
import {
  duePayoutSettlements as duePayoutSettlementsQuery,
  insertPayout as insertPayoutQuery,
  lockPayout as lockPayoutQuery,
  movePayout as movePayoutQuery,
  payoutById as payoutByIdQuery,
  type IPayoutByIdResult,
} from '../generated/sql/payouts.queries.js';
import type { Tx } from './tx.js';

/**
 * A payout as every payout read of sql/payouts.sql returns it, made the bank's Payout: the amount
 * (int8, read as its digits) a bigint, and the status, reasons and Data typed as the bank writes them.
 */
const toPayout = (r: IPayoutByIdResult): Payout => ({
  ...r,
  status: r.status as MovementStatus,
  statusReasons: r.statusReasons as ObStatusReason[] | null,
  amountMinor: BigInt(r.amountMinor),
  data: r.data as unknown as Payout['data'],
});

/** Records a payout. */
export async function insertPayout(db: Queryable, p: Payout): Promise<void> {
  await insertPayoutQuery.run(
    {
      ...p,
      // jsonb bound as its JSON text, as written; the amount as its digits.
      statusReasons: p.statusReasons ? JSON.stringify(p.statusReasons) : null,
      amountMinor: p.amountMinor.toString(),
      data: JSON.stringify(p.data),
    },
    db,
  );
}

/** A payout by id; `forUpdate` locks it. */
export async function payoutById(db: Queryable, id: string, forUpdate = false): Promise<Payout | undefined> {
  const [row] = await (forUpdate ? lockPayoutQuery : payoutByIdQuery).run({ id }, db);
  return row ? toPayout(row) : undefined;
}

/**
 * One transaction on the payout `id`, read first and locked (undefined when there is none), so
 * decisions on it go one at a time; `work` decides and writes on the same transaction, which
 * commits when `work` resolves and rolls back when it throws.
 */
export function withLockedPayout<T>(pool: SqlPool, id: string, work: (tx: Tx, payout: Payout | undefined) => Promise<T>): Promise<T> {
  return transaction(pool, async (tx) => work(tx, await payoutById(tx, id, true)));
}

/** Moves a payout to `to` if it is in one of `from`, with its reasons and time; undefined otherwise. */
export async function movePayout(
  db: Queryable,
  id: string,
  to: MovementStatus,
  from: readonly MovementStatus[],
  change: { at: Date; reasons?: ObStatusReason[] },
): Promise<Payout | undefined> {
  const [row] = await movePayoutQuery.run(
    { id, to, from: [...from], statusReasons: change.reasons ? JSON.stringify(change.reasons) : null, at: change.at },
    db,
  );
  return row ? toPayout(row) : undefined;
}

/** Taken payouts whose automatic settlement is due on their payee's clock (each is then decided in its own transaction). */
export async function dueSettlements(db: Queryable, limit: number): Promise<string[]> {
  return (await duePayoutSettlementsQuery.run({ limit }, db)).map((r) => r.id);
}
