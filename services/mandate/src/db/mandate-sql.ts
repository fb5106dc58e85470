/**
 * The mandate service's reads and writes of mandates in typed raw SQL on its pool: the mandate
 * read every payment create makes (GetMandate), creating a mandate, moving one through its
 * lifecycle and the sandbox's activations (lists are in list-mandates.ts, customers in
 * customers.ts). Rows come back as MandateRow (mandates.ts), so callers see one type.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import type { IdempotencyClaim } from '@vrp/idempotency';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MandateChange, PlannedMove } from '../domain/mandate-lifecycle.js';
import type { MandateTerms } from '../domain/mandate-terms.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import { mandateOutboxRow, recordMandateEvent } from './events.js';
import { withKeyBound } from './idempotency.js';
import type { MandateRow } from './mandates.js';

export interface MandateSqlRow {
  id: string;
  merchant_id: string;
  customer_id: string;
  status: string;
  description: string;
  metadata: JsonValue;
  maximum_amount_minor: string;
  currency: string;
  frequency: string;
  created_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  suspended_at: Date | null;
  revocation_reason: string | null;
  suspension_reason: string | null;
  vrp_type: string;
  controls: JsonValue;
  version: string;
  mandate_request_id: string | null;
  authorisation_url: string | null;
  authorisation_expires_at: Date | null;
  consent_expected: boolean;
}

/** A mandate row's columns, for a table aliased `m`. */
export const COLUMNS = `m.id, m.merchant_id, m.customer_id, m.status, m.description, m.metadata,
  m.maximum_amount_minor::text AS maximum_amount_minor, m.currency, m.frequency, m.created_at,
  m.revoked_at, m.revoked_by, m.suspended_at, m.revocation_reason, m.suspension_reason, m.vrp_type, m.controls, m.version::text AS version, m.mandate_request_id,
  m.authorisation_url, m.authorisation_expires_at, m.consent_expected`;

/** One mandate of a merchant by id ($1 id, $2 merchant), through the (merchant_id, id) key. */
export const MANDATE_BY_ID = `SELECT ${COLUMNS} FROM mandate.mandates m WHERE m.id = $1 AND m.merchant_id = $2`;

export function toMandateRow(row: MandateSqlRow): MandateRow {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    status: row.status,
    description: row.description,
    metadata: row.metadata,
    maximumAmountMinor: BigInt(row.maximum_amount_minor),
    currency: row.currency,
    frequency: row.frequency,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    suspendedAt: row.suspended_at,
    revocationReason: row.revocation_reason,
    suspensionReason: row.suspension_reason,
    vrpType: row.vrp_type,
    controls: row.controls,
    version: BigInt(row.version),
    mandateRequestId: row.mandate_request_id,
    authorisationUrl: row.authorisation_url,
    authorisationExpiresAt: row.authorisation_expires_at,
    consentExpected: row.consent_expected,
  };
}

/** The mandate `id` of `merchantId`, or null. */
export async function readMandate(db: Queryable, merchantId: string, id: string): Promise<MandateRow | null> {
  const [row] = await rows<MandateSqlRow>(db, MANDATE_BY_ID, [id, merchantId]);
  return row ? toMandateRow(row) : null;
}

/** Why a mandate could not be stored: its customer is not the merchant's, was erased, or has not completed SCA. */
export type CustomerRefusal = 'customer_not_found' | 'customer_erased' | 'customer_sca_incomplete';

/**
 * Stores a new mandate in pending_sca with mandate.created in the outbox, in one statement: the
 * customer is checked (the merchant's own, not erased, SCA completed), the mandate inserted and
 * the event, built beforehand from the row as it will be, written with it. The composite foreign
 * key keeps the customer the merchant's own whatever happens to it meanwhile, and the insert's
 * trigger refuses it (mandates_customer_not_erased) if an erase of the customer commits first.
 */
export async function insertMandate(
  db: Queryable,
  subjectPrefix: string,
  merchantId: string,
  customerId: string,
  terms: MandateTerms & { controls: StoredControls | null },
  id: string,
  createdAt: Date,
  mandateRequestId: string | null = null,
  consentExpected = false,
): Promise<MandateRow | CustomerRefusal> {
  const row: MandateRow = {
    id,
    merchantId,
    customerId,
    status: 'pending_sca',
    description: terms.description,
    metadata: terms.metadata as JsonValue,
    maximumAmountMinor: terms.maximumAmountMinor,
    currency: terms.currency,
    frequency: terms.frequency,
    createdAt,
    revokedAt: null,
    revokedBy: null,
    suspendedAt: null,
    revocationReason: null,
    suspensionReason: null,
    vrpType: terms.vrpType,
    controls: terms.controls as JsonValue,
    version: 1n,
    mandateRequestId,
    authorisationUrl: null,
    authorisationExpiresAt: null,
    consentExpected,
  };
  const outbox = mandateOutboxRow(subjectPrefix, 'mandate.created', row, createdAt);
  const [result] = await rows<{ customer: boolean; erased: boolean; sca: boolean; created: boolean }>(
    db,
    `WITH customer AS (SELECT sca_completed, erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = $3 AND merchant_id = $2),
     created AS (
       INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, description, metadata, maximum_amount_minor, currency, frequency, created_at, controls, mandate_request_id, vrp_type, consent_expected)
       SELECT $1, $2, $3, 'pending_sca', $4, $5::jsonb, $6, $7, $8, $9, $10::jsonb, $15, $16, $17 FROM customer WHERE sca_completed AND NOT erased
       RETURNING id),
     outbox AS (
       INSERT INTO mandate.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT $11, $12, $13, $9, $14 FROM created)
     SELECT EXISTS (SELECT 1 FROM customer) AS customer, coalesce((SELECT erased FROM customer), false) AS erased,
            coalesce((SELECT sca_completed FROM customer), false) AS sca,
            EXISTS (SELECT 1 FROM created) AS created`,
    [
      id,
      merchantId,
      customerId,
      terms.description,
      JSON.stringify(terms.metadata),
      terms.maximumAmountMinor.toString(),
      terms.currency,
      terms.frequency,
      createdAt,
      terms.controls ? JSON.stringify(terms.controls) : null,
      outbox.eventId,
      outbox.subject,
      Buffer.from(outbox.payload),
      outbox.traceparent,
      mandateRequestId,
      terms.vrpType,
      consentExpected,
    ],
  );
  if (!result!.customer) return 'customer_not_found';
  if (result!.erased) return 'customer_erased';
  if (!result!.sca) return 'customer_sca_incomplete';
  return row;
}

/**
 * insertMandate (no mandate request) on the pool or, with the merchant's Idempotency-Key, in one
 * transaction that binds the key to the mandate first (KeyTaken when a concurrent create bound it
 * first). A refused insert throws what `refuse` makes of the reason, so a key bound for it is
 * rolled back; without a customer id the refusal is customer_not_found and nothing is run.
 */
export function insertMandateWithKey(
  pool: SqlPool,
  subjectPrefix: string,
  merchantId: string,
  customerId: string,
  terms: MandateTerms & { controls: StoredControls | null },
  id: string,
  createdAt: Date,
  consentExpected: boolean,
  claim: IdempotencyClaim | undefined,
  refuse: (why: CustomerRefusal) => Error,
): Promise<MandateRow> {
  const insert = async (db: Queryable) => {
    const stored = customerId
      ? await insertMandate(db, subjectPrefix, merchantId, customerId, terms, id, createdAt, null, consentExpected)
      : 'customer_not_found';
    if (typeof stored === 'string') throw refuse(stored);
    return stored;
  };
  return claim ? withKeyBound(pool, merchantId, claim, id, createdAt, insert) : insert(pool);
}

/**
 * Records the link that sends the customer of a mandate created directly to their bank, once: only
 * while the mandate is pending_sca and has none yet (a repeated create's staging answers the same
 * link). Returns the row after it, or null when nothing was recorded.
 */
export async function setMandateAuthorisation(
  db: Queryable,
  merchantId: string,
  id: string,
  authorisation: { url: string; expiresAt: Date },
): Promise<MandateRow | null> {
  const [row] = await rows<MandateSqlRow>(
    db,
    `UPDATE mandate.mandates m SET authorisation_url = $3, authorisation_expires_at = $4
      WHERE m.id = $1 AND m.merchant_id = $2 AND m.status = 'pending_sca' AND m.authorisation_url IS NULL
     RETURNING ${COLUMNS}`,
    [id, merchantId, authorisation.url, authorisation.expiresAt],
  );
  return row ? toMandateRow(row) : null;
}

/**
 * Applies `change` only while the mandate's status is one of `from` (one conditional UPDATE,
 * so of two concurrent moves exactly one matches) and returns the row after it, or null when
 * the mandate does not exist for this merchant or was not in a `from` status.
 */
export async function applyMandateChange(
  db: Queryable,
  merchantId: string,
  id: string,
  from: readonly string[],
  change: MandateChange,
): Promise<MandateRow | null> {
  const [row] = await rows<MandateSqlRow>(
    db,
    `UPDATE mandate.mandates m SET status = $4, revoked_at = $5, revoked_by = $6, suspended_at = $7, revocation_reason = $8,
            suspension_reason = $9, version = m.version + 1
      WHERE m.id = $1 AND m.merchant_id = $2 AND m.status = ANY($3::text[])
     RETURNING ${COLUMNS}`,
    [
      id,
      merchantId,
      [...from],
      change.status,
      change.revokedAt,
      change.revokedBy,
      change.suspendedAt,
      change.revocationReason,
      change.suspensionReason,
    ],
  );
  return row ? toMandateRow(row) : null;
}

/**
 * Moves the mandate as `plan` says and writes the move's event (dated `at`) in one transaction.
 * When the mandate is not in a status the move starts from, or does not exist for this merchant,
 * nothing is written: it throws what `refuse` makes of the mandate as it is now (null when there
 * is none), read in the same transaction.
 */
export function moveMandateWithEvent(
  pool: SqlPool,
  subjectPrefix: string,
  merchantId: string,
  id: string,
  plan: PlannedMove,
  at: Date,
  refuse: (current: MandateRow | null) => Error,
): Promise<MandateRow> {
  return transaction(pool, async (tx) => {
    const changed = await applyMandateChange(tx, merchantId, id, plan.from, plan.change);
    if (!changed) throw refuse(await readMandate(tx, merchantId, id));
    await recordMandateEvent(tx, subjectPrefix, plan.event, changed, at);
    return changed;
  });
}

/**
 * Raises the version of the mandate while its status is one of `from`, committed on its own
 * before a move out of active fences the payment service's replica with it. Returns the new
 * version, or null when the mandate does not exist for this merchant or was in no `from` status.
 */
export async function raiseVersion(db: Queryable, merchantId: string, id: string, from: readonly string[]): Promise<bigint | null> {
  const [row] = await rows<{ version: string }>(
    db,
    `UPDATE mandate.mandates m SET version = m.version + 1
      WHERE m.id = $1 AND m.merchant_id = $2 AND m.status = ANY($3::text[])
     RETURNING m.version::text AS version`,
    [id, merchantId, [...from]],
  );
  return row ? BigInt(row.version) : null;
}

/**
 * What makes a pending mandate due for the sandbox activation besides its age: one that expects a
 * consent at the bank (created with the merchant's account) waits until that consent is staged
 * (its authorisation link recorded), so it is never activated as one that never had a consent.
 */
const CONSENT_READY = `(NOT m.consent_expected OR m.authorisation_url IS NOT NULL)`;

/**
 * Up to `limit` mandates in pending_sca created (on their merchant's clock) at or before `cutoff`
 * whose consent, if one is expected, is staged, oldest first.
 */
export async function pendingCreatedBefore(db: Queryable, cutoff: Date, limit: number): Promise<{ id: string; merchantId: string }[]> {
  const found = await rows<{ id: string; merchant_id: string }>(
    db,
    `SELECT m.id, m.merchant_id FROM mandate.mandates m
       LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
      WHERE m.status = 'pending_sca' AND m.created_at <= $1::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
        AND ${CONSENT_READY}
      ORDER BY m.created_at LIMIT $2`,
    [cutoff, Math.floor(limit)],
  );
  return found.map((r) => ({ id: r.id, merchantId: r.merchant_id }));
}

/**
 * Applies `change` (an activation) to up to `limit` mandates of any merchant still in
 * pending_sca and created at or before `cutoff` (on its merchant's clock) whose expected consent,
 * if any, is staged, only those of `ids` when given, returning them as they are now. Rows another sweeper or a concurrent move holds are
 * skipped, not waited on.
 */
async function changePendingCreatedBefore(
  db: Queryable,
  cutoff: Date,
  limit: number,
  change: MandateChange,
  ids?: string[],
): Promise<MandateRow[]> {
  const changed = await rows<MandateSqlRow>(
    db,
    `WITH due AS (
       SELECT m.id FROM mandate.mandates m
         LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
        WHERE m.status = 'pending_sca' AND m.created_at <= $1::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
          AND ${CONSENT_READY} AND ($7::text[] IS NULL OR m.id = ANY($7::text[]))
        ORDER BY m.created_at LIMIT $2 FOR UPDATE OF m SKIP LOCKED)
     UPDATE mandate.mandates m SET status = $3, revoked_at = $4, revoked_by = $5, suspended_at = $6, version = m.version + 1
       FROM due WHERE m.id = due.id AND m.status = 'pending_sca'
     RETURNING ${COLUMNS}`,
    [cutoff, Math.floor(limit), change.status, change.revokedAt, change.revokedBy, change.suspendedAt, ids ?? null],
  );
  return changed.map(toMandateRow);
}

/**
 * changePendingCreatedBefore with `plan`'s change (an activation), and each mandate's event
 * dated by `eventAt(merchantId)`, in one transaction; returns the mandates moved.
 */
export function activatePendingCreatedBefore(
  pool: SqlPool,
  subjectPrefix: string,
  cutoff: Date,
  limit: number,
  plan: PlannedMove,
  ids: string[] | undefined,
  eventAt: (merchantId: string) => Date,
): Promise<MandateRow[]> {
  return transaction(pool, async (tx) => {
    const moved = await changePendingCreatedBefore(tx, cutoff, limit, plan.change, ids);
    for (const row of moved) await recordMandateEvent(tx, subjectPrefix, plan.event, row, eventAt(row.merchantId));
    return moved;
  });
}

/**
 * Up to `limit` mandates of any merchant that can still expire (pending_sca, active, suspended)
 * whose controls' valid_to is at or before `now` on their merchant's clock, earliest end first.
 * valid_to is stored as an ISO 8601 UTC string, so it is compared as a timestamp.
 */
export async function liveMandatesPastValidTo(db: Queryable, now: Date, limit: number): Promise<{ id: string; merchantId: string }[]> {
  const found = await rows<{ id: string; merchant_id: string }>(
    db,
    `SELECT m.id, m.merchant_id FROM mandate.mandates m
       LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
      WHERE m.status IN ('pending_sca', 'active', 'suspended') AND m.controls->>'valid_to' IS NOT NULL
        AND (m.controls->>'valid_to')::timestamptz <= $1::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
      ORDER BY m.controls->>'valid_to' LIMIT $2`,
    [now, Math.floor(limit)],
  );
  return found.map((r) => ({ id: r.id, merchantId: r.merchant_id }));
}
