import { closeMandateGate } from '../db/mandate-gates.js';
import type { PaymentContext } from './context.js';

/**
 * Closes a revoked mandate for payments. It returns only once no payment create under the
 * mandate is still in flight (the gate's row lock), so whoever revoked the mandate can promise,
 * once this answered, that no payment under it will ever be created. Idempotent.
 */
export async function closeMandate(ctx: PaymentContext, merchantId: string, mandateId: string): Promise<void> {
  await closeMandateGate(ctx.db, merchantId, mandateId, ctx.clock.now());
}
