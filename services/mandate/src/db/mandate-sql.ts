/**
 * The mandate service's reads and writes of mandates on its pool, each statement a query of
 * sql/mandates.sql typed by pgtyped: the mandate read every payment create makes (GetMandate),
 * creating a mandate, moving one through its lifecycle and the sandbox's activations (lists are
 * in list-mandates.ts, customers in customers.ts). Rows come back as MandateRow (mandates.ts), so
 * callers see one type.
 */
import type { IdempotencyClaim } from '@vrp/idempotency';
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { MandateChange, PlannedMove } from '../domain/mandate-lifecycle.js';
import type { MandateTerms } from '../domain/mandate-terms.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import {
  applyMandateChange as applyMandateChangeQuery,
  changePendingCreatedBefore as changePendingCreatedBeforeQuery,
  insertMandate as insertMandateQuery,
  liveMandatesPastValidTo as liveMandatesPastValidToQuery,
  pendingCreatedBefore as pendingCreatedBeforeQuery,
  raiseVersion as raiseVersionQuery,
  readMandate as readMandateQuery,
  setMandateAuthorisation as setMandateAuthorisationQuery,
  type Json,
} from '../generated/sql/mandates.queries.js';
import { mandateOutboxRow, recordMandateEvent } from './events.js';
import { withKeyBound } from './idempotency.js';
import { MANDATE_COLUMNS, toMandateRow, type MandateRow } from './mandates.js';

/**
 * The statement ReadMandate runs (its parameters numbered as pgtyped numbers them: $1 id, $2
 * merchant), through the (merchant_id, id) key; test/lookup-plan.test.ts plans it and
 * test/mandate-columns.test.ts keeps it the query of sql/mandates.sql.
 */
export const MANDATE_BY_ID = `SELECT ${MANDATE_COLUMNS}
  FROM mandate.mandates m WHERE m.id = $1 AND m.merchant_id = $2`;

/** The mandate `id` of `merchantId`, or null. */
export async function readMandate(db: Queryable, merchantId: string, id: string): Promise<MandateRow | null> {
  const [row] = await readMandateQuery.run({ id, merchantId }, db);
  return row ? toMandateRow(row) : null;
}

/** A mandate about to be stored: whose, its terms, id and creation time, and where it came from. */
export interface NewMandate {
  merchantId: string;
  customerId: string;
  terms: MandateTerms & { controls: StoredControls | null };
  id: string;
  createdAt: Date;
  /** The request it is created for (null or absent when created directly). */
  mandateRequestId?: string | null;
  /** Whether a consent at the bank is expected (created with the merchant's account); false when absent. */
  consentExpected?: boolean;
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
export async function insertMandate(db: Queryable, subjectPrefix: string, mandate: NewMandate): Promise<MandateRow | CustomerRefusal> {
  const { merchantId, customerId, terms, id, createdAt, mandateRequestId = null, consentExpected = false } = mandate;
  const row: MandateRow = {
    id,
    merchantId,
    customerId,
    status: 'pending_sca',
    description: terms.description,
    metadata: terms.metadata as Json,
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
    controls: terms.controls as Json,
    version: 1n,
    mandateRequestId,
    authorisationUrl: null,
    authorisationExpiresAt: null,
    consentExpected,
  };
  const outbox = mandateOutboxRow(subjectPrefix, 'mandate.created', row, createdAt);
  const [result] = await insertMandateQuery.run(
    {
      id,
      merchantId,
      customerId,
      description: terms.description,
      // JSON columns are bound as their JSON text (cast to jsonb in the statement), as written.
      metadata: JSON.stringify(terms.metadata),
      maximumAmountMinor: terms.maximumAmountMinor.toString(),
      currency: terms.currency,
      frequency: terms.frequency,
      createdAt,
      controls: terms.controls ? JSON.stringify(terms.controls) : null,
      eventId: outbox.eventId,
      subject: outbox.subject,
      payload: Buffer.from(outbox.payload),
      traceparent: outbox.traceparent,
      mandateRequestId,
      vrpType: terms.vrpType,
      consentExpected,
    },
    db,
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
  mandate: Omit<NewMandate, 'mandateRequestId'>,
  claim: IdempotencyClaim | undefined,
  refuse: (why: CustomerRefusal) => Error,
): Promise<MandateRow> {
  const insert = async (db: Queryable) => {
    const stored = mandate.customerId ? await insertMandate(db, subjectPrefix, mandate) : 'customer_not_found';
    if (typeof stored === 'string') throw refuse(stored);
    return stored;
  };
  return claim ? withKeyBound(pool, mandate.merchantId, claim, mandate.id, mandate.createdAt, insert) : insert(pool);
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
  const [row] = await setMandateAuthorisationQuery.run({ id, merchantId, url: authorisation.url, expiresAt: authorisation.expiresAt }, db);
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
  const [row] = await applyMandateChangeQuery.run(
    {
      id,
      merchantId,
      from: [...from],
      status: change.status,
      revokedAt: change.revokedAt,
      revokedBy: change.revokedBy,
      suspendedAt: change.suspendedAt,
      revocationReason: change.revocationReason,
      suspensionReason: change.suspensionReason,
    },
    db,
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
  const [row] = await raiseVersionQuery.run({ id, merchantId, from: [...from] }, db);
  return row ? BigInt(row.version) : null;
}

/**
 * Up to `limit` mandates in pending_sca created (on their merchant's clock) at or before `cutoff`
 * whose consent, if one is expected, is staged, oldest first. A mandate that expects a consent at
 * the bank (created with the merchant's account) waits until that consent is staged (its
 * authorisation link recorded), so it is never activated as one that never had a consent.
 */
export async function pendingCreatedBefore(db: Queryable, cutoff: Date, limit: number): Promise<{ id: string; merchantId: string }[]> {
  return pendingCreatedBeforeQuery.run({ cutoff, limit: Math.floor(limit) }, db);
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
  const changed = await changePendingCreatedBeforeQuery.run(
    {
      cutoff,
      limit: Math.floor(limit),
      status: change.status,
      revokedAt: change.revokedAt,
      revokedBy: change.revokedBy,
      suspendedAt: change.suspendedAt,
      ids: ids ?? null,
    },
    db,
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
  return liveMandatesPastValidToQuery.run({ now, limit: Math.floor(limit) }, db);
}
