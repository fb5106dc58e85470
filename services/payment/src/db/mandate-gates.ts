import type { Queryable } from '@vrp/sql';
import { closeMandateGate as closeMandateGateQuery } from '../generated/sql/mandate-gates.queries.js';

/** Closes the mandate's gate for good, after any payment create holding it has finished. */
export async function closeMandateGate(db: Queryable, merchantId: string, mandateId: string, at: Date): Promise<void> {
  await closeMandateGateQuery.run({ mandateId, merchantId, at }, db);
}
