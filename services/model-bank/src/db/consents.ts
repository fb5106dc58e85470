import type { ConsentStatus, ObStatusReason } from '@vrp/open-banking';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { Consent } from '../domain/consent.js';
import type { Tx } from './tx.js';

const COLUMNS = `id, client_id, status, status_reasons, read_refund_account, control_parameters, initiation, risk, customer_ref,
  clock_key, currency, max_individual_minor::text AS max_individual_minor, account_id, grant_id, expires_at, creation_date_time,
  status_update_date_time`;

interface ConsentRow {
  id: string;
  client_id: string;
  status: ConsentStatus;
  status_reasons: ObStatusReason[] | null;
  read_refund_account: 'Yes' | 'No' | null;
  control_parameters: Consent['controlParameters'];
  initiation: Consent['initiation'];
  risk: Consent['risk'];
  customer_ref: string;
  clock_key: string;
  currency: string;
  max_individual_minor: string;
  account_id: string | null;
  grant_id: string | null;
  expires_at: Date | null;
  creation_date_time: Date;
  status_update_date_time: Date;
}

const toConsent = (r: ConsentRow): Consent => ({
  id: r.id,
  clientId: r.client_id,
  status: r.status,
  statusReasons: r.status_reasons,
  readRefundAccount: r.read_refund_account,
  controlParameters: r.control_parameters,
  initiation: r.initiation,
  risk: r.risk,
  customerRef: r.customer_ref,
  clockKey: r.clock_key,
  currency: r.currency,
  maxIndividualMinor: BigInt(r.max_individual_minor),
  accountId: r.account_id,
  grantId: r.grant_id,
  expiresAt: r.expires_at,
  creationDateTime: r.creation_date_time,
  statusUpdateDateTime: r.status_update_date_time,
});

/** Records a new consent. */
export async function insertConsent(db: Queryable, c: Consent): Promise<void> {
  await db.query(
    `INSERT INTO model_bank.consents (id, client_id, status, status_reasons, read_refund_account, control_parameters, initiation, risk,
       customer_ref, clock_key, currency, max_individual_minor, account_id, grant_id, expires_at, creation_date_time, status_update_date_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::bigint, $13, $14, $15, $16, $17)`,
    [
      c.id,
      c.clientId,
      c.status,
      c.statusReasons ? JSON.stringify(c.statusReasons) : null,
      c.readRefundAccount,
      JSON.stringify(c.controlParameters),
      JSON.stringify(c.initiation),
      JSON.stringify(c.risk),
      c.customerRef,
      c.clockKey,
      c.currency,
      c.maxIndividualMinor.toString(),
      c.accountId,
      c.grantId,
      c.expiresAt,
      c.creationDateTime,
      c.statusUpdateDateTime,
    ],
  );
}

/** A consent by id; `forUpdate` locks it, so payments under it are decided one at a time. */
export async function consentById(db: Queryable, id: string, forUpdate = false): Promise<Consent | undefined> {
  const [row] = await rows<ConsentRow>(db, `SELECT ${COLUMNS} FROM model_bank.consents WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return row ? toConsent(row) : undefined;
}

/**
 * One transaction on the consent `id`: it is read first (locked when `forUpdate`, so changes to it
 * and payments under it go one at a time; undefined when there is none), then `work` decides and
 * writes on the same transaction, which commits when `work` resolves and rolls back when it throws.
 */
export function withConsent<T>(
  pool: SqlPool,
  id: string,
  forUpdate: boolean,
  work: (tx: Tx, consent: Consent | undefined) => Promise<T>,
): Promise<T> {
  return transaction(pool, async (tx) => work(tx, await consentById(tx, id, forUpdate)));
}

/** The consent an authorisation grant was given for. */
export async function consentByGrant(db: Queryable, grantId: string): Promise<Consent | undefined> {
  const [row] = await rows<ConsentRow>(db, `SELECT ${COLUMNS} FROM model_bank.consents WHERE grant_id = $1`, [grantId]);
  return row ? toConsent(row) : undefined;
}

/**
 * Moves a consent to `to` if it is in one of `from` (the database decides a race), with its
 * reasons and time, and optionally the account and grant of an authorisation. The moved consent,
 * or undefined when it was not in `from`.
 */
export async function moveConsent(
  db: Queryable,
  id: string,
  to: ConsentStatus,
  from: readonly ConsentStatus[],
  change: { at: Date; reasons?: ObStatusReason[]; accountId?: string; grantId?: string },
): Promise<Consent | undefined> {
  const [row] = await rows<ConsentRow>(
    db,
    `UPDATE model_bank.consents SET status = $2, status_reasons = $4, status_update_date_time = $5,
       account_id = COALESCE($6, account_id), grant_id = COALESCE($7, grant_id)
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [
      id,
      to,
      [...from],
      change.reasons ? JSON.stringify(change.reasons) : null,
      change.at,
      change.accountId ?? null,
      change.grantId ?? null,
    ],
  );
  return row ? toConsent(row) : undefined;
}

/** The live (AWAU or AUTH) consents linked to an account, locked. */
export async function liveConsentsOnAccount(db: Queryable, accountId: string): Promise<Consent[]> {
  const found = await rows<ConsentRow>(
    db,
    `SELECT ${COLUMNS} FROM model_bank.consents WHERE account_id = $1 AND status IN ('AWAU', 'AUTH') ORDER BY id FOR UPDATE`,
    [accountId],
  );
  return found.map(toConsent);
}

/** Links every consent of `from` to `to` (an account switched). */
export async function relinkConsents(db: Queryable, from: string, to: string): Promise<void> {
  await db.query(`UPDATE model_bank.consents SET account_id = $2 WHERE account_id = $1`, [from, to]);
}

/**
 * Live consents whose validity has ended on their payee's clock (`expires_at` reached at now plus
 * the clock's offset); each is then expired in its own transaction.
 */
export async function dueExpiries(db: Queryable, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    `SELECT c.id FROM model_bank.consents c LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = c.clock_key
     WHERE c.status IN ('AWAU', 'AUTH') AND c.expires_at IS NOT NULL
       AND c.expires_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
     ORDER BY c.expires_at LIMIT $1`,
    [limit],
  );
  return found.map((r) => r.id);
}
