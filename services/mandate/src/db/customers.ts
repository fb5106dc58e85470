/** Customers in typed raw SQL on the service's pool. */
import { newId } from '@vrp/ids';
import { rows, type Queryable } from '@vrp/sql';
import type { Customer } from '../generated/prisma/client.js';

export type CustomerRow = Customer;

interface Row {
  id: string;
  merchant_id: string;
  sca_completed: boolean;
  created_at: Date;
}

const COLUMNS = 'id, merchant_id, sca_completed, created_at';

function toCustomerRow(row: Row): CustomerRow {
  return { id: row.id, merchantId: row.merchant_id, scaCompleted: row.sca_completed, createdAt: row.created_at };
}

/** Stores a new customer of `merchantId`. */
export async function insertCustomer(db: Queryable, merchantId: string, scaCompleted: boolean): Promise<CustomerRow> {
  const [row] = await rows<Row>(
    db,
    `INSERT INTO mandate.customers (id, merchant_id, sca_completed) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [newId('customer'), merchantId, scaCompleted],
  );
  return toCustomerRow(row!);
}

/** The customer `id` of `merchantId`, or null (another merchant's customer is not theirs to see). */
export async function readCustomer(db: Queryable, merchantId: string, id: string): Promise<CustomerRow | null> {
  const [row] = await rows<Row>(db, `SELECT ${COLUMNS} FROM mandate.customers WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return row ? toCustomerRow(row) : null;
}
