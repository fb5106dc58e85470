/**
 * Customers in typed raw SQL on the service's pool. The rules of erasure live in the database
 * (see the customer_details migration): an erased customer keeps no personal data, its row takes
 * no further change, and it never has a live mandate. The constraint a refused statement names is
 * turned into the API's reason by `customerRefusal`.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import { newId } from '@vrp/ids';
import type { IdempotencyClaim } from '@vrp/idempotency';
import { rows, type Queryable, type SqlPool } from '@vrp/sql';
import type { CustomerChanges, CustomerDetails } from '../domain/customer-details.js';
import { withKeyBound } from './idempotency.js';

/** A stored customer (mandate.customers), as the statements here return it. */
export interface CustomerRow {
  id: string;
  merchantId: string;
  scaCompleted: boolean;
  email: string | null;
  name: string | null;
  reference: string | null;
  metadata: JsonValue;
  createdAt: Date;
  erasedAt: Date | null;
}

/** A customer row as Postgres returns it. */
export interface CustomerSqlRow {
  id: string;
  merchant_id: string;
  sca_completed: boolean;
  email: string | null;
  name: string | null;
  reference: string | null;
  metadata: JsonValue;
  created_at: Date;
  erased_at: Date | null;
}

/** A customer row's columns, for a table aliased `c`. */
export const CUSTOMER_COLUMNS = 'c.id, c.merchant_id, c.sca_completed, c.email, c.name, c.reference, c.metadata, c.created_at, c.erased_at';

/** Mandate statuses that keep a customer from being erased. */
export const LIVE_MANDATE_STATUSES = ['pending_sca', 'active', 'suspended'] as const;

export function toCustomerRow(row: CustomerSqlRow): CustomerRow {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    scaCompleted: row.sca_completed,
    email: row.email,
    name: row.name,
    reference: row.reference,
    metadata: row.metadata,
    createdAt: row.created_at,
    erasedAt: row.erased_at,
  };
}

const one = async (db: Queryable, text: string, values: unknown[]): Promise<CustomerRow | null> => {
  const [row] = await rows<CustomerSqlRow>(db, text, values);
  return row ? toCustomerRow(row) : null;
};

/** Stores a new customer of `merchantId` (id `id`, created at `createdAt` on the merchant's clock). */
export async function insertCustomer(
  db: Queryable,
  merchantId: string,
  id: string,
  scaCompleted: boolean,
  details: CustomerDetails,
  createdAt: Date,
): Promise<CustomerRow> {
  return (await one(
    db,
    `INSERT INTO mandate.customers AS c (id, merchant_id, sca_completed, email, name, reference, metadata, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${CUSTOMER_COLUMNS}`,
    [id, merchantId, scaCompleted, details.email, details.name, details.reference, JSON.stringify(details.metadata), createdAt],
  ))!;
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
export function readCustomer(db: Queryable, merchantId: string, id: string): Promise<CustomerRow | null> {
  return one(db, `SELECT ${CUSTOMER_COLUMNS} FROM mandate.customers c WHERE c.id = $1 AND c.merchant_id = $2`, [id, merchantId]);
}

/**
 * Applies `changes` (only the fields present) to a customer not erased, and returns it as it is
 * now; null when there is no such customer of the merchant or it is erased (the caller reads it
 * to tell which).
 */
export function updateCustomer(db: Queryable, merchantId: string, id: string, changes: CustomerChanges): Promise<CustomerRow | null> {
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
  return one(
    db,
    `UPDATE mandate.customers c SET ${assignments} WHERE c.id = $1 AND c.merchant_id = $2 AND c.erased_at IS NULL RETURNING ${CUSTOMER_COLUMNS}`,
    values,
  );
}

/**
 * Blanks a customer's personal data and sets erased_at, unless it is erased already or has a live
 * mandate; null then (the caller reads it to tell which). A mandate create racing it is settled by
 * the database: the statement fails with customers_erased_without_live_mandates if the mandate
 * committed first.
 */
export function eraseCustomer(db: Queryable, merchantId: string, id: string, erasedAt: Date): Promise<CustomerRow | null> {
  return one(
    db,
    `UPDATE mandate.customers c SET email = NULL, name = NULL, reference = NULL, metadata = '{}'::jsonb, erased_at = $3
      WHERE c.id = $1 AND c.merchant_id = $2 AND c.erased_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM mandate.mandates m
                         WHERE m.merchant_id = c.merchant_id AND m.customer_id = c.id AND m.status = ANY($4::text[]))
     RETURNING ${CUSTOMER_COLUMNS}`,
    [id, merchantId, erasedAt, LIVE_MANDATE_STATUSES],
  );
}

/** Records that a customer not erased completed SCA at their bank; null when there is none or it is erased. */
export function setScaCompleted(db: Queryable, merchantId: string, id: string): Promise<CustomerRow | null> {
  return one(
    db,
    `UPDATE mandate.customers c SET sca_completed = true WHERE c.id = $1 AND c.merchant_id = $2 AND c.erased_at IS NULL
     RETURNING ${CUSTOMER_COLUMNS}`,
    [id, merchantId],
  );
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
