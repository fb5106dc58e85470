import { closeMandateGate } from '../db/mandate-gates.js';
import type { Deps } from '../deps.js';

/**
 * Closes a revoked mandate for payments. It returns only once no payment create under the
 * mandate is still in flight (the gate's row lock), so whoever revoked the mandate can promise,
 * once this answered, that no payment under it will ever be created. Idempotent.
 */
export async function closeMandate(deps: Deps, merchantId: string, mandateId: string): Promise<void> {
  await closeMandateGate(deps.sql, merchantId, mandateId, deps.clocks.now(merchantId));
}
