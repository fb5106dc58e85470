import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { ConsentStatus, ObCashAccount, ObVrpConsentRequest, ObVrpInitiation } from '@vrp/open-banking';
import type { Journey } from '../domain/journey.js';

/** A mandate's consent as the connector keeps it. */
export interface ConsentRow {
  id: string;
  merchantId: string;
  mandateId: string;
  mandateRequestId: string | null;
  customerId: string;
  bankConsentId: string;
  bankStatus: ConsentStatus;
  statusReason: string | null;
  journey: Journey;
  request: ObVrpConsentRequest;
  initiation: ObVrpInitiation;
  debtorAccount: ObCashAccount | null;
  currency: string;
  vrpType: string;
  returnUri: string | null;
  expiresAt: Date;
  linkTokenSealed: string;
  accessTokenSealed: string | null;
  accessTokenExpiresAt: Date | null;
  deletedAtBank: Date | null;
  createdAt: Date;
}

interface Row {
  id: string;
  merchant_id: string;
  mandate_id: string;
  mandate_request_id: string | null;
  customer_id: string;
  bank_consent_id: string;
  bank_status: ConsentStatus;
  status_reason: string | null;
  journey: Journey;
  request: ObVrpConsentRequest;
  initiation: ObVrpInitiation;
  debtor_account: ObCashAccount | null;
  currency: string;
  vrp_type: string;
  return_uri: string | null;
  expires_at: Date;
  link_token_sealed: string;
  access_token_sealed: string | null;
  access_token_expires_at: Date | null;
  deleted_at_bank: Date | null;
  created_at: Date;
}

const COLUMNS = `id, merchant_id, mandate_id, mandate_request_id, customer_id, bank_consent_id, bank_status, status_reason, journey,
  request, initiation, debtor_account, currency, vrp_type, return_uri, expires_at, link_token_sealed, access_token_sealed,
  access_token_expires_at, deleted_at_bank, created_at`;

function consentOf(r: Row): ConsentRow {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    mandateId: r.mandate_id,
    mandateRequestId: r.mandate_request_id,
    customerId: r.customer_id,
    bankConsentId: r.bank_consent_id,
    bankStatus: r.bank_status,
    statusReason: r.status_reason,
    journey: r.journey,
    request: r.request,
    initiation: r.initiation,
    debtorAccount: r.debtor_account,
    currency: r.currency,
    vrpType: r.vrp_type,
    returnUri: r.return_uri,
    expiresAt: r.expires_at,
    linkTokenSealed: r.link_token_sealed,
    accessTokenSealed: r.access_token_sealed,
    accessTokenExpiresAt: r.access_token_expires_at,
    deletedAtBank: r.deleted_at_bank,
    createdAt: r.created_at,
  };
}

const one = async (db: Queryable, sql: string, values: unknown[]): Promise<ConsentRow | undefined> => {
  const [row] = await rows<Row>(db, sql, values);
  return row ? consentOf(row) : undefined;
};

/** The mandate's consent, locked for the transaction `tx` (undefined when there is none yet). */
export function lockConsent(tx: Queryable, merchantId: string, mandateId: string): Promise<ConsentRow | undefined> {
  return one(tx, `SELECT ${COLUMNS} FROM connector.consents WHERE merchant_id = $1 AND mandate_id = $2 FOR UPDATE`, [
    merchantId,
    mandateId,
  ]);
}

/** The mandate's consent. */
export function findConsent(db: Queryable, merchantId: string, mandateId: string): Promise<ConsentRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM connector.consents WHERE merchant_id = $1 AND mandate_id = $2`, [merchantId, mandateId]);
}

/** The consent whose link token hashes to `tokenHash`. */
export function findConsentByLink(db: Queryable, tokenHash: string): Promise<ConsentRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM connector.consents WHERE link_token_hash = $1`, [tokenHash]);
}

/** The consent of the connector's own id. */
export function findConsentById(db: Queryable, id: string): Promise<ConsentRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM connector.consents WHERE id = $1`, [id]);
}

/** The consent the bank knows as `bankConsentId`. */
export function findConsentByBankId(db: Queryable, bankConsentId: string): Promise<ConsentRow | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM connector.consents WHERE bank_consent_id = $1`, [bankConsentId]);
}

/** What a new consent is staged with; the bank's ConsentId is set in the same transaction. */
export interface NewConsent {
  id: string;
  merchantId: string;
  mandateId: string;
  mandateRequestId: string | null;
  customerId: string;
  request: ObVrpConsentRequest;
  currency: string;
  vrpType: string;
  returnUri: string | null;
  expiresAt: Date;
  linkTokenHash: string;
  linkTokenSealed: string;
}

/**
 * Claims the mandate's consent row in transaction `tx` (the unique (merchant_id, mandate_id) makes
 * a racing stage wait until this transaction ends); false when another transaction had it first.
 */
export async function insertConsent(tx: Queryable, c: NewConsent): Promise<boolean> {
  const inserted = await rows(
    tx,
    `INSERT INTO connector.consents (id, merchant_id, mandate_id, mandate_request_id, customer_id, bank_status, request, initiation,
       currency, vrp_type, return_uri, expires_at, link_token_hash, link_token_sealed)
     VALUES ($1, $2, $3, $4, $5, 'AWAU', $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (merchant_id, mandate_id) DO NOTHING RETURNING id`,
    [
      c.id,
      c.merchantId,
      c.mandateId,
      c.mandateRequestId,
      c.customerId,
      JSON.stringify(c.request),
      JSON.stringify(c.request.Data.Initiation),
      c.currency,
      c.vrpType,
      c.returnUri,
      c.expiresAt,
      c.linkTokenHash,
      c.linkTokenSealed,
    ],
  );
  return inserted.length === 1;
}

/** Records the bank's answer to the stage: its ConsentId, status and the Initiation it keeps. */
export async function setStaged(tx: Queryable, id: string, staged: StagedAtBank): Promise<ConsentRow> {
  const row = await one(
    tx,
    `UPDATE connector.consents SET bank_consent_id = $2, bank_status = $3, initiation = $4, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, staged.bankConsentId, staged.bankStatus, JSON.stringify(staged.initiation)],
  );
  return row!;
}

/** The bank's answer to a stage, as setStaged records it. */
export type StagedAtBank = { bankConsentId: string; bankStatus: ConsentStatus; initiation: ObVrpInitiation };

/**
 * Stages the mandate's consent once, in one transaction: the mandate's row is locked, or claimed
 * with `fresh()` when there is none, and `stage` (the call to the bank) answers what is recorded on
 * it before the commit. A racing stage waits on the row and answers the consent this one staged;
 * a repeat answers the row as it is. If `stage` throws, nothing is kept.
 */
export async function stageConsentOnce(
  pool: SqlPool,
  merchantId: string,
  mandateId: string,
  fresh: () => NewConsent,
  stage: () => Promise<StagedAtBank>,
): Promise<ConsentRow> {
  return transaction(pool, async (tx) => {
    const known = await lockConsent(tx, merchantId, mandateId);
    if (known) return known;
    const consent = fresh();
    const claimed = await insertConsent(tx, consent);
    // Another stage committed the row between the lock and the insert: answer what it staged.
    if (!claimed) return (await lockConsent(tx, merchantId, mandateId))!;
    return setStaged(tx, consent.id, await stage());
  });
}

/** Moves an open journey to its end (`to`); false when it had ended already. */
export async function endJourney(db: Queryable, id: string, to: Exclude<Journey, 'open'>): Promise<boolean> {
  const moved = await rows(
    db,
    `UPDATE connector.consents SET journey = $2, updated_at = now() WHERE id = $1 AND journey = 'open' RETURNING id`,
    [id, to],
  );
  return moved.length === 1;
}

/**
 * Records the customer's authorisation: the consent's sealed token, its status and the debtor
 * account the bank confirmed, the journey authorised, and the watcher's first read scheduled.
 */
export async function setAuthorised(
  db: Queryable,
  id: string,
  a: { accessTokenSealed: string; accessTokenExpiresAt: Date | null; debtorAccount: ObCashAccount | null; nextCheckAt: Date },
): Promise<boolean> {
  const moved = await rows(
    db,
    `UPDATE connector.consents SET journey = 'authorised', bank_status = 'AUTH', access_token_sealed = $2, access_token_expires_at = $3,
       debtor_account = COALESCE($4, debtor_account), next_check_at = $5, updated_at = now()
     WHERE id = $1 AND journey = 'open' RETURNING id`,
    [id, a.accessTokenSealed, a.accessTokenExpiresAt, a.debtorAccount ? JSON.stringify(a.debtorAccount) : null, a.nextCheckAt],
  );
  return moved.length === 1;
}

/** Records the status the bank reports now (and why, when it says). */
export async function setBankStatus(db: Queryable, id: string, status: ConsentStatus, reason: string | null): Promise<void> {
  await db.query(
    `UPDATE connector.consents SET bank_status = $2, status_reason = COALESCE($3, status_reason), updated_at = now() WHERE id = $1`,
    [id, status, reason],
  );
}

/** Records that the consent was deleted at the bank: cancelled there, its open journey ended. */
export async function setDeleted(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE connector.consents SET deleted_at_bank = COALESCE(deleted_at_bank, now()), bank_status = 'CANC', next_check_at = NULL,
       journey = CASE WHEN journey = 'open' THEN 'cancelled' ELSE journey END, updated_at = now()
     WHERE id = $1`,
    [id],
  );
}

/**
 * Claims up to `limit` authorised consents due for a read at the bank (several replicas each take
 * their own), moving each one's next read `everyMs` on.
 */
export async function claimConsentsToCheck(db: Queryable, limit: number, everyMs: number): Promise<ConsentRow[]> {
  const found = await rows<Row>(
    db,
    `UPDATE connector.consents c SET next_check_at = now() + make_interval(secs => $2::double precision / 1000)
     WHERE c.id IN (SELECT id FROM connector.consents WHERE bank_status = 'AUTH' AND next_check_at <= now()
                    ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [limit, everyMs],
  );
  return found.map(consentOf);
}

/** The distinct creditor accounts of a merchant's consents (the sandbox pushes clocks per account). */
export async function creditorAccountsOf(db: Queryable, merchantId: string): Promise<ObCashAccount[]> {
  const found = await rows<{ account: ObCashAccount }>(
    db,
    `SELECT DISTINCT ON (initiation->'CreditorAccount'->>'Identification') initiation->'CreditorAccount' AS account
     FROM connector.consents WHERE merchant_id = $1 AND initiation ? 'CreditorAccount'`,
    [merchantId],
  );
  return found.map((r) => r.account);
}

/** A mandate request's ended journey whose outcome the mandate service has not acknowledged. */
export interface UnrecordedJourney {
  id: string;
  merchantId: string;
  mandateRequestId: string;
  journey: 'authorised' | 'declined';
}

/**
 * Claims up to `limit` journeys of mandate requests that ended (authorised or declined) at least
 * `graceMs` ago with their outcome not yet acknowledged by the mandate service (the caller of
 * CompleteAuthorisation records it first; this catches what it never did). The claim moves
 * updated_at on, so another replica leaves it alone for `graceMs`.
 */
export async function claimUnrecordedJourneys(db: Queryable, limit: number, graceMs: number): Promise<UnrecordedJourney[]> {
  const found = await rows<{ id: string; merchant_id: string; mandate_request_id: string; journey: 'authorised' | 'declined' }>(
    db,
    `UPDATE connector.consents c SET updated_at = now()
     WHERE c.id IN (SELECT id FROM connector.consents
                     WHERE outcome_recorded_at IS NULL AND mandate_request_id IS NOT NULL AND journey IN ('authorised', 'declined')
                       AND updated_at <= now() - make_interval(secs => $2::double precision / 1000)
                     ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, merchant_id, mandate_request_id, journey`,
    [limit, graceMs],
  );
  return found.map((r) => ({ id: r.id, merchantId: r.merchant_id, mandateRequestId: r.mandate_request_id, journey: r.journey }));
}

/** The mandate service acknowledged the journey's outcome (or refused it for good). */
export async function markJourneyRecorded(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE connector.consents SET outcome_recorded_at = now() WHERE id = $1`, [id]);
}
