import type { ObStatusReason } from '@vrp/open-banking';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MovementStatus, Payment } from '../domain/payment.js';
import type { Tx } from './tx.js';

const COLUMNS = `id, consent_id, client_id, status, status_reasons, amount_minor::text AS amount_minor, currency, data, risk, account_id,
  clock_key, creation_date_time, status_update_date_time, settle_due_at`;

interface PaymentRow {
  id: string;
  consent_id: string;
  client_id: string;
  status: MovementStatus;
  status_reasons: ObStatusReason[] | null;
  amount_minor: string;
  currency: string;
  data: Payment['data'];
  risk: Payment['risk'];
  account_id: string | null;
  clock_key: string;
  creation_date_time: Date;
  status_update_date_time: Date;
  settle_due_at: Date | null;
}

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  consentId: r.consent_id,
  clientId: r.client_id,
  status: r.status,
  statusReasons: r.status_reasons,
  amountMinor: BigInt(r.amount_minor),
  currency: r.currency,
  data: r.data,
  risk: r.risk,
  accountId: r.account_id,
  clockKey: r.clock_key,
  creationDateTime: r.creation_date_time,
  statusUpdateDateTime: r.status_update_date_time,
  settleDueAt: r.settle_due_at,
});

/** Records a payment. */
export async function insertPayment(db: Queryable, p: Payment): Promise<void> {
  await db.query(
    `INSERT INTO model_bank.domestic_vrps (id, consent_id, client_id, status, status_reasons, amount_minor, currency, data, risk, account_id,
       clock_key, creation_date_time, status_update_date_time, settle_due_at)
     VALUES ($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      p.id,
      p.consentId,
      p.clientId,
      p.status,
      p.statusReasons ? JSON.stringify(p.statusReasons) : null,
      p.amountMinor.toString(),
      p.currency,
      JSON.stringify(p.data),
      JSON.stringify(p.risk),
      p.accountId,
      p.clockKey,
      p.creationDateTime,
      p.statusUpdateDateTime,
      p.settleDueAt,
    ],
  );
}

/** A payment by id; `forUpdate` locks it. */
export async function paymentById(db: Queryable, id: string, forUpdate = false): Promise<Payment | undefined> {
  const [row] = await rows<PaymentRow>(
    db,
    `SELECT ${COLUMNS} FROM model_bank.domestic_vrps WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
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
  const found = await rows<{ used: string }>(
    db,
    `SELECT COALESCE(SUM(p.amount_minor), 0)::text AS used
     FROM unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS r(period_from, period_to, n)
     LEFT JOIN model_bank.domestic_vrps p ON p.consent_id = $1 AND p.status <> 'RJCT'
       AND p.creation_date_time >= r.period_from AND p.creation_date_time < r.period_to
     GROUP BY r.n ORDER BY r.n`,
    [consentId, periods.map((p) => p.from), periods.map((p) => p.to)],
  );
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
  const [row] = await rows<PaymentRow>(
    db,
    `UPDATE model_bank.domestic_vrps SET status = $2, status_reasons = $4, status_update_date_time = $5
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [id, to, [...from], change.reasons ? JSON.stringify(change.reasons) : null, change.at],
  );
  return row ? toPayment(row) : undefined;
}

/** Moves the taken payments of account `from` to account `to` (an account switched). */
export async function relinkTakenPayments(db: Queryable, from: string, to: string): Promise<void> {
  await db.query(`UPDATE model_bank.domestic_vrps SET account_id = $2 WHERE account_id = $1 AND status = 'ACTC'`, [from, to]);
}

/** Taken payments whose automatic settlement is due on their payee's clock (each is then decided in its own transaction). */
export async function dueSettlements(db: Queryable, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    `SELECT p.id FROM model_bank.domestic_vrps p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
     WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
       AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
     ORDER BY p.settle_due_at LIMIT $1`,
    [limit],
  );
  return found.map((r) => r.id);
}
