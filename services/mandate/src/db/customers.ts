import { newId } from '@vrp/ids';
import type { Customer } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type CustomerRow = Customer;

/** Stores a new customer of `merchantId`. */
export function insertCustomer(db: Db, merchantId: string, scaCompleted: boolean): Promise<CustomerRow> {
  return db.customer.create({ data: { id: newId('customer'), merchantId, scaCompleted } });
}

/** The customer `id` of `merchantId`, or null (another merchant's customer is not theirs to see). */
export function findCustomer(db: Db | Tx, merchantId: string, id: string): Promise<CustomerRow | null> {
  return db.customer.findFirst({ where: { id, merchantId } });
}
