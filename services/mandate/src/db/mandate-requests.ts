/**
 * The mandate service's reads and writes of mandate requests on its pool, each statement a query of
 * sql/mandate-requests.sql typed by pgtyped (but the list page's, built per request). Every
 * move out of awaiting_authorisation is one conditional UPDATE, so of two racing ends exactly one
 * matches; the table's CHECKs and trigger keep an ended request ended and a staged link staged.
 */
import { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import type { IdempotencyClaim } from '@vrp/idempotency';
import { rows, type Queryable, type SqlPool } from '@vrp/sql';
import type { MandateRequestEnd, MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import type { MandateTerms } from '../domain/mandate-terms.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import {
  endMandateRequest as endMandateRequestQuery,
  expireDueMandateRequests as expireDueMandateRequestsQuery,
  insertMandateRequest as insertMandateRequestQuery,
  merchantOfMandateRequest as merchantOfMandateRequestQuery,
  readMandateRequest as readMandateRequestQuery,
  setAuthorisationUrl as setAuthorisationUrlQuery,
  type IReadMandateRequestResult,
} from '../generated/sql/mandate-requests.queries.js';
import { withKeyBound } from './idempotency.js';

/**
 * A stored mandate request (mandate.mandate_requests), as the statements here return it: the row
 * of the typed reads of sql/mandate-requests.sql, with the amount as a bigint (int8's digits).
 */
export type MandateRequestRow = Omit<IReadMandateRequestResult, 'maximumAmountMinor'> & { maximumAmountMinor: bigint };

/** The merchant's account the consent pays into, as stored with the request. */
export interface StoredCreditorAccount {
  scheme: string;
  identification: string;
  name: string;
}

/**
 * A request's columns, for a table aliased `r`: the select list of every request query in
 * sql/mandate-requests.sql, word for word (test/mandate-request-columns.test.ts keeps them equal),
 * so the list page, built at run time, returns the typed queries' rows.
 */
export const MANDATE_REQUEST_COLUMNS = `r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"`;

const toRow = (r: IReadMandateRequestResult): MandateRequestRow => ({ ...r, maximumAmountMinor: BigInt(r.maximumAmountMinor) });

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
  const [result] = await insertMandateRequestQuery.run(
    {
      id: r.id,
      merchantId: r.merchantId,
      customerId: r.customerId,
      maximumAmountMinor: r.terms.maximumAmountMinor.toString(),
      currency: r.terms.currency,
      frequency: r.terms.frequency,
      description: r.terms.description,
      // JSON columns are bound as their JSON text (cast to jsonb in the statement), as written.
      metadata: JSON.stringify(r.terms.metadata),
      controls: r.terms.controls ? JSON.stringify(r.terms.controls) : null,
      creditorAccount: JSON.stringify(r.creditorAccount),
      redirectUri: r.redirectUri,
      mandateId: r.mandateId,
      expiresAt: r.expiresAt,
      createdAt: r.createdAt,
      vrpType: r.terms.vrpType,
    },
    db,
  );
  const { customer, erased, ...created } = result!;
  if (!customer) return 'customer_not_found';
  if (erased) return 'customer_erased';
  // The request's columns come through a LEFT JOIN (null only when nothing was inserted, returned above).
  return toRow(created);
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
export async function readMandateRequest(db: Queryable, merchantId: string, id: string): Promise<MandateRequestRow | null> {
  const [row] = await readMandateRequestQuery.run({ id, merchantId }, db);
  return row ? toRow(row) : null;
}

/** Records the consent's authorisation link once; a request whose link is set already keeps it (null then). */
export async function setAuthorisationUrl(db: Queryable, merchantId: string, id: string, url: string): Promise<MandateRequestRow | null> {
  const [row] = await setAuthorisationUrlQuery.run({ id, merchantId, url }, db);
  return row ? toRow(row) : null;
}

/** Ends the request as `end` at `at` while it awaits authorisation; null when it does not exist or has ended. */
export async function endMandateRequest(
  db: Queryable,
  merchantId: string,
  id: string,
  end: MandateRequestEnd,
  at: Date,
): Promise<MandateRequestRow | null> {
  const [row] = await endMandateRequestQuery.run({ id, merchantId, end, at }, db);
  return row ? toRow(row) : null;
}

/**
 * Expires up to `limit` requests of any merchant still awaiting authorisation whose expiry has passed
 * on their merchant's clock (`now` plus its offset), returning them as they are now. Rows another
 * sweeper or a concurrent end holds are skipped, not waited on.
 */
export async function expireDueMandateRequests(db: Queryable, now: Date, limit: number): Promise<MandateRequestRow[]> {
  const expired = await expireDueMandateRequestsQuery.run({ now, limit: Math.floor(limit) }, db);
  return expired.map(toRow);
}

/** The filters of a request list. */
export interface MandateRequestFilters {
  customerId?: string;
  statuses: MandateRequestStatus[];
}

/**
 * One keyset page of the merchant's requests, by creation time; an amount order is 400
 * invalid_order. Raw SQL, not a pgtyped query: its conditions and order are put together per
 * request; it selects MANDATE_REQUEST_COLUMNS, so its rows are the typed queries' rows.
 */
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
  const found = await rows<IReadMandateRequestResult>(
    db,
    keysetPageSql(`SELECT ${MANDATE_REQUEST_COLUMNS} FROM mandate.mandate_requests r`, filter, query),
    filter.values,
  );
  return pageOf(found.map(toRow), query);
}

/** The merchant of request `id`, whoever it is: for the bank's redirect, which names the request only. */
export async function merchantOfMandateRequest(db: Queryable, id: string): Promise<string | null> {
  const [row] = await merchantOfMandateRequestQuery.run({ id }, db);
  return row?.merchantId ?? null;
}
