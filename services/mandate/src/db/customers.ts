/**
 * Customers in SQL on the service's pool, each statement a query of sql/customers.sql typed by
 * pgtyped (but updateCustomer's, built per request). The rules of erasure live in the database
 * (see the customer_details migration): an erased customer keeps no personal data, its row takes
 * no further change, and it never has a live mandate. The constraint a refused statement names is
 * turned into the API's reason by `customerRefusal`.
 */
import { newId } from '@vrp/ids';
import type { IdempotencyClaim } from '@vrp/idempotency';
import { rows, type Queryable, type SqlPool } from '@vrp/sql';
import type { CustomerChanges, CustomerDetails } from '../domain/customer-details.js';
import {
  eraseCustomer as eraseCustomerQuery,
  insertCustomer as insertCustomerQuery,
  readCustomer as readCustomerQuery,
  setScaCompleted as setScaCompletedQuery,
  type IReadCustomerResult,
} from '../generated/sql/customers.queries.js';
import { withKeyBound } from './idempotency.js';

/**
 * A stored customer (mandate.customers), as every statement here returns it: the row of the
 * typed reads of sql/customers.sql.
 */
export type CustomerRow = IReadCustomerResult;

/**
 * A customer's columns, for a table aliased `c`: the select list of every customer query in
 * sql/customers.sql, word for word (test/customer-columns.test.ts keeps them equal), so the
 * statements built at run time (updateCustomer, the list page) return the typed queries' rows.
 */
export const CUSTOMER_COLUMNS = `c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
       c.created_at AS "createdAt", c.erased_at AS "erasedAt"`;

/** Mandate statuses that keep a customer from being erased. */
export const LIVE_MANDATE_STATUSES = ['pending_sca', 'active', 'suspended'] as const;

/** Stores a new customer of `merchantId` (id `id`, created at `createdAt` on the merchant's clock). */
export async function insertCustomer(
  db: Queryable,
  merchantId: string,
  id: string,
  scaCompleted: boolean,
  details: CustomerDetails,
  createdAt: Date,
): Promise<CustomerRow> {
  const [row] = await insertCustomerQuery.run(
    {
      id,
      merchantId,
      scaCompleted,
      email: details.email,
      name: details.name,
      reference: details.reference,
      // Bound as its JSON text (cast to jsonb in the statement), as written.
      metadata: JSON.stringify(details.metadata),
      createdAt,
    },
    db,
  );
  return row!;
}

/**
 * insertCustomer with the merchant's Idempotency-Key bound to the customer in the same
 * transaction (KeyTaken when a concurrent create bound it first).
 */
export function insertCustomerWithKey(
  pool: SqlPool,
  merchantId: string,
  id: string,
  scaCompleted: boolean,
  details: CustomerDetails,
  createdAt: Date,
  claim: IdempotencyClaim,
): Promise<CustomerRow> {
  return withKeyBound(pool, merchantId, claim, id, createdAt, (tx) => insertCustomer(tx, merchantId, id, scaCompleted, details, createdAt));
}

/** A new customer id. */
export const newCustomerId = (): string => newId('customer');

/** The customer `id` of `merchantId`, or null (another merchant's customer is not theirs to see). */
export async function readCustomer(db: Queryable, merchantId: string, id: string): Promise<CustomerRow | null> {
  const [row] = await readCustomerQuery.run({ id, merchantId }, db);
  return row ?? null;
}

/**
 * Applies `changes` (only the fields present) to a customer not erased, and returns it as it is
 * now; null when there is no such customer of the merchant or it is erased (the caller reads it
 * to tell which). Raw SQL, not a pgtyped query: its SET list is built per request (only the fields
 * present); it returns CUSTOMER_COLUMNS, so its row is the typed queries' row.
 */
export async function updateCustomer(db: Queryable, merchantId: string, id: string, changes: CustomerChanges): Promise<CustomerRow | null> {
  const values: unknown[] = [id, merchantId];
  const set = (column: string, value: unknown, cast = '') => `${column} = $${values.push(value)}${cast}`;
  const sets = [
    ...(changes.email !== undefined ? [set('email', changes.email)] : []),
    ...(changes.name !== undefined ? [set('name', changes.name)] : []),
    ...(changes.reference !== undefined ? [set('reference', changes.reference)] : []),
    ...(changes.metadata !== undefined ? [set('metadata', JSON.stringify(changes.metadata), '::jsonb')] : []),
  ];
  // Nothing to change still answers with the customer, unless it is erased (then nothing may change).
  const assignments = sets.length > 0 ? sets.join(', ') : 'id = c.id';
  const [row] = await rows<CustomerRow>(
    db,
    `UPDATE mandate.customers c SET ${assignments} WHERE c.id = $1 AND c.merchant_id = $2 AND c.erased_at IS NULL RETURNING ${CUSTOMER_COLUMNS}`,
    values,
  );
  return row ?? null;
}

/**
 * Blanks a customer's personal data and sets erased_at, unless it is erased already or has a live
 * mandate; null then (the caller reads it to tell which). A mandate create racing it is settled by
 * the database: the statement fails with customers_erased_without_live_mandates if the mandate
 * committed first.
 */
export async function eraseCustomer(db: Queryable, merchantId: string, id: string, erasedAt: Date): Promise<CustomerRow | null> {
  const [row] = await eraseCustomerQuery.run({ id, merchantId, erasedAt, liveStatuses: [...LIVE_MANDATE_STATUSES] }, db);
  return row ?? null;
}

/** Records that a customer not erased completed SCA at their bank; null when there is none or it is erased. */
export async function setScaCompleted(db: Queryable, merchantId: string, id: string): Promise<CustomerRow | null> {
  const [row] = await setScaCompletedQuery.run({ id, merchantId }, db);
  return row ?? null;
}

/** The constraints the database names when it refuses a change because of erasure. */
export const ERASURE_CONSTRAINTS = {
  /** A mandate insert for an erased customer. */
  mandateOfErased: 'mandates_customer_not_erased',
  /** An erase while a live mandate exists (committed before the erase took the customer's row). */
  liveMandates: 'customers_erased_without_live_mandates',
  /** Any change to an erased customer. */
  erasedFinal: 'customers_erased_final',
} as const;

/** The erasure constraint a pg error reports as violated, if it is one. */
export function erasureViolation(err: unknown): (typeof ERASURE_CONSTRAINTS)[keyof typeof ERASURE_CONSTRAINTS] | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23514') return undefined;
  return Object.values(ERASURE_CONSTRAINTS).find((c) => c === e.constraint);
}
