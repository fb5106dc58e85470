import type { ObStatusReason } from '@vrp/open-banking';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MovementStatus, Payout } from '../domain/payment.js';
import type { Tx } from './tx.js';

const COLUMNS = `id, client_id, status, status_reasons, amount_minor::text AS amount_minor, currency, data, creditor_account_id,
  clock_key, creation_date_time, status_update_date_time, settle_due_at`;

interface PayoutRow {
  id: string;
  client_id: string;
  status: MovementStatus;
  status_reasons: ObStatusReason[] | null;
  amount_minor: string;
  currency: string;
  data: Payout['data'];
  creditor_account_id: string | null;
  clock_key: string;
  creation_date_time: Date;
  status_update_date_time: Date;
  settle_due_at: Date | null;
}

const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  clientId: r.client_id,
  status: r.status,
  statusReasons: r.status_reasons,
  amountMinor: BigInt(r.amount_minor),
  currency: r.currency,
  data: r.data,
  creditorAccountId: r.creditor_account_id,
  clockKey: r.clock_key,
  creationDateTime: r.creation_date_time,
  statusUpdateDateTime: r.status_update_date_time,
  settleDueAt: r.settle_due_at,
});

/** Records a payout. */
export async function insertPayout(db: Queryable, p: Payout): Promise<void> {
  await db.query(
    `INSERT INTO model_bank.payouts (id, client_id, status, status_reasons, amount_minor, currency, data, creditor_account_id,
       clock_key, creation_date_time, status_update_date_time, settle_due_at)
     VALUES ($1, $2, $3, $4, $5::bigint, $6, $7, $8, $9, $10, $11, $12)`,
    [
      p.id,
      p.clientId,
      p.status,
      p.statusReasons ? JSON.stringify(p.statusReasons) : null,
      p.amountMinor.toString(),
      p.currency,
      JSON.stringify(p.data),
      p.creditorAccountId,
      p.clockKey,
      p.creationDateTime,
      p.statusUpdateDateTime,
      p.settleDueAt,
    ],
  );
}

/** A payout by id; `forUpdate` locks it. */
export async function payoutById(db: Queryable, id: string, forUpdate = false): Promise<Payout | undefined> {
  const [row] = await rows<PayoutRow>(db, `SELECT ${COLUMNS} FROM model_bank.payouts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
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
  const [row] = await rows<PayoutRow>(
    db,
    `UPDATE model_bank.payouts SET status = $2, status_reasons = $4, status_update_date_time = $5
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [id, to, [...from], change.reasons ? JSON.stringify(change.reasons) : null, change.at],
  );
  return row ? toPayout(row) : undefined;
}

/** Taken payouts whose automatic settlement is due on their payee's clock (each is then decided in its own transaction). */
export async function dueSettlements(db: Queryable, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    `SELECT p.id FROM model_bank.payouts p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
     WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
       AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
     ORDER BY p.settle_due_at LIMIT $1`,
    [limit],
  );
  return found.map((r) => r.id);
}
