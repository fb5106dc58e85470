/**
 * The mandate service's reads and writes of mandate requests, in typed raw SQL on its pool. Every
 * move out of awaiting_authorisation is one conditional UPDATE, so of two racing ends exactly one
 * matches; the table's CHECKs and trigger keep an ended request ended and a staged link staged.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import type { IdempotencyClaim } from '@vrp/idempotency';
import { rows, type Queryable, type SqlPool } from '@vrp/sql';
import type { MandateRequestEnd, MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import type { MandateTerms } from '../domain/mandate-terms.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import { withKeyBound } from './idempotency.js';

/** A stored mandate request (mandate.mandate_requests), as the statements here return it. */
export interface MandateRequestRow {
  id: string;
  merchantId: string;
  customerId: string;
  status: string;
  maximumAmountMinor: bigint;
  currency: string;
  frequency: string;
  vrpType: string;
  description: string;
  metadata: JsonValue;
  controls: JsonValue;
  creditorAccount: JsonValue;
  redirectUri: string;
  mandateId: string;
  authorisationUrl: string | null;
  expiresAt: Date;
  createdAt: Date;
  endedAt: Date | null;
}

/** The merchant's account the consent pays into, as stored with the request. */
export interface StoredCreditorAccount {
  scheme: string;
  identification: string;
  name: string;
}

interface MandateRequestSqlRow {
  id: string;
  merchant_id: string;
  customer_id: string;
  status: string;
  maximum_amount_minor: string;
  currency: string;
  frequency: string;
  vrp_type: string;
  description: string;
  metadata: JsonValue;
  controls: JsonValue;
  creditor_account: JsonValue;
  redirect_uri: string;
  mandate_id: string;
  authorisation_url: string | null;
  expires_at: Date;
  created_at: Date;
  ended_at: Date | null;
}

const COLUMNS = `r.id, r.merchant_id, r.customer_id, r.status, r.maximum_amount_minor::text AS maximum_amount_minor, r.currency,
  r.frequency, r.vrp_type, r.description, r.metadata, r.controls, r.creditor_account, r.redirect_uri, r.mandate_id, r.authorisation_url,
  r.expires_at, r.created_at, r.ended_at`;

function toRow(r: MandateRequestSqlRow): MandateRequestRow {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    customerId: r.customer_id,
    status: r.status,
    maximumAmountMinor: BigInt(r.maximum_amount_minor),
    currency: r.currency,
    frequency: r.frequency,
    vrpType: r.vrp_type,
    description: r.description,
    metadata: r.metadata,
    controls: r.controls,
    creditorAccount: r.creditor_account,
    redirectUri: r.redirect_uri,
    mandateId: r.mandate_id,
    authorisationUrl: r.authorisation_url,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    endedAt: r.ended_at,
  };
}

async function one(db: Queryable, text: string, values: unknown[]): Promise<MandateRequestRow | null> {
  const [row] = await rows<MandateRequestSqlRow>(db, text, values);
  return row ? toRow(row) : null;
}

/** What a new request stores. */
export interface NewMandateRequest {
  id: string;
  merchantId: string;
  customerId: string;
  terms: MandateTerms & { controls: StoredControls | null };
  creditorAccount: StoredCreditorAccount;
  redirectUri: string;
  mandateId: string;
  expiresAt: Date;
  createdAt: Date;
}

/** Why a request could not be stored: its customer is not the merchant's, or was erased. */
export type RequestCustomerRefusal = 'customer_not_found' | 'customer_erased';

/** Stores a request awaiting authorisation for a customer of the merchant who is not erased, in one statement. */
export async function insertMandateRequest(db: Queryable, r: NewMandateRequest): Promise<MandateRequestRow | RequestCustomerRefusal> {
  const [result] = await rows<MandateRequestSqlRow & { customer: boolean; erased: boolean }>(
    db,
    `WITH customer AS (SELECT erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = $3 AND merchant_id = $2),
     created AS (
       INSERT INTO mandate.mandate_requests AS r (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency,
         description, metadata, controls, creditor_account, redirect_uri, mandate_id, expires_at, created_at, vrp_type)
       SELECT $1, $2, $3, 'awaiting_authorisation', $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15
         FROM customer WHERE NOT erased
       RETURNING ${COLUMNS})
     SELECT created.*, EXISTS (SELECT 1 FROM customer) AS customer, coalesce((SELECT erased FROM customer), false) AS erased
       FROM (SELECT 1) one LEFT JOIN created ON true`,
    [
      r.id,
      r.merchantId,
      r.customerId,
      r.terms.maximumAmountMinor.toString(),
      r.terms.currency,
      r.terms.frequency,
      r.terms.description,
      JSON.stringify(r.terms.metadata),
      r.terms.controls ? JSON.stringify(r.terms.controls) : null,
      JSON.stringify(r.creditorAccount),
      r.redirectUri,
      r.mandateId,
      r.expiresAt,
      r.createdAt,
      r.terms.vrpType,
    ],
  );
  if (!result!.customer) return 'customer_not_found';
  if (result!.erased) return 'customer_erased';
  return toRow(result!);
}

/**
 * insertMandateRequest on the pool or, with the merchant's Idempotency-Key, in one transaction
 * that binds the key to the request first (KeyTaken when a concurrent create bound it first). A
 * refused insert throws what `refuse` makes of the reason, so a key bound for it is rolled back.
 */
export function insertMandateRequestWithKey(
  pool: SqlPool,
  r: NewMandateRequest,
  claim: IdempotencyClaim | undefined,
  refuse: (why: RequestCustomerRefusal) => Error,
): Promise<MandateRequestRow> {
  const insert = async (db: Queryable) => {
    const stored = await insertMandateRequest(db, r);
    if (typeof stored === 'string') throw refuse(stored);
    return stored;
  };
  return claim ? withKeyBound(pool, r.merchantId, claim, r.id, r.createdAt, insert) : insert(pool);
}

/** The request `id` of `merchantId`, or null. */
export function readMandateRequest(db: Queryable, merchantId: string, id: string): Promise<MandateRequestRow | null> {
  return one(db, `SELECT ${COLUMNS} FROM mandate.mandate_requests r WHERE r.id = $1 AND r.merchant_id = $2`, [id, merchantId]);
}

/** Records the consent's authorisation link once; a request whose link is set already keeps it (null then). */
export function setAuthorisationUrl(db: Queryable, merchantId: string, id: string, url: string): Promise<MandateRequestRow | null> {
  return one(
    db,
    `UPDATE mandate.mandate_requests r SET authorisation_url = $3
      WHERE r.id = $1 AND r.merchant_id = $2 AND r.authorisation_url IS NULL RETURNING ${COLUMNS}`,
    [id, merchantId, url],
  );
}

/** Ends the request as `end` at `at` while it awaits authorisation; null when it does not exist or has ended. */
export function endMandateRequest(
  db: Queryable,
  merchantId: string,
  id: string,
  end: MandateRequestEnd,
  at: Date,
): Promise<MandateRequestRow | null> {
  return one(
    db,
    `UPDATE mandate.mandate_requests r SET status = $3, ended_at = $4
      WHERE r.id = $1 AND r.merchant_id = $2 AND r.status = 'awaiting_authorisation' RETURNING ${COLUMNS}`,
    [id, merchantId, end, at],
  );
}

/**
 * Expires up to `limit` requests of any merchant still awaiting authorisation whose expiry has passed
 * on their merchant's clock (`now` plus its offset), returning them as they are now. Rows another
 * sweeper or a concurrent end holds are skipped, not waited on.
 */
export async function expireDueMandateRequests(db: Queryable, now: Date, limit: number): Promise<MandateRequestRow[]> {
  const expired = await rows<MandateRequestSqlRow>(
    db,
    `WITH due AS (
       SELECT r.id, r.expires_at FROM mandate.mandate_requests r
         LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = r.merchant_id
        WHERE r.status = 'awaiting_authorisation'
          AND r.expires_at <= $1::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
        ORDER BY r.expires_at LIMIT $2 FOR UPDATE OF r SKIP LOCKED)
     UPDATE mandate.mandate_requests r SET status = 'expired', ended_at = due.expires_at
       FROM due WHERE r.id = due.id AND r.status = 'awaiting_authorisation'
     RETURNING ${COLUMNS}`,
    [now, Math.floor(limit)],
  );
  return expired.map(toRow);
}

/** The filters of a request list. */
export interface MandateRequestFilters {
  customerId?: string;
  statuses: MandateRequestStatus[];
}

/** One keyset page of the merchant's requests, by creation time; an amount order is 400 invalid_order. */
export async function listMandateRequests(
  db: Queryable,
  merchantId: string,
  filters: MandateRequestFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRequestRow[]; hasMore: boolean }> {
  const order = page?.order ?? common.SortOrder.UNSPECIFIED;
  if (order === common.SortOrder.AMOUNT_ASC || order === common.SortOrder.AMOUNT_DESC) {
    throw new ApiError('invalid_order', 'Mandate requests can only be ordered by created_at or -created_at.', { param: 'order' });
  }
  const query = keysetQuery(page, { createdAt: 'r.created_at', id: 'r.id' });
  const filter = new SqlFilter().add((v) => `r.merchant_id = ${v}`, merchantId);
  if (filters.customerId) filter.add((v) => `r.customer_id = ${v}`, filters.customerId);
  if (filters.statuses.length > 0) filter.add((v) => `r.status = ANY(${v}::text[])`, filters.statuses);
  const found = await rows<MandateRequestSqlRow>(
    db,
    keysetPageSql(`SELECT ${COLUMNS} FROM mandate.mandate_requests r`, filter, query),
    filter.values,
  );
  return pageOf(found.map(toRow), query);
}

/** The merchant of request `id`, whoever it is: for the bank's redirect, which names the request only. */
export async function merchantOfMandateRequest(db: Queryable, id: string): Promise<string | null> {
  const [row] = await rows<{ merchant_id: string }>(db, 'SELECT merchant_id FROM mandate.mandate_requests WHERE id = $1', [id]);
  return row?.merchant_id ?? null;
}
