import { createHash } from 'node:crypto';

/**
 * x-idempotency-key values (at most 40 characters, no surrounding spaces), derived from what makes a
 * request unique, so a retry of the same request (after a crash, a lost answer, a resubmission)
 * reuses the key and the bank answers with the resource it created the first time.
 */
function key(...parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40);
}

/** The consent of one mandate of one merchant. */
export const consentKey = (merchantId: string, mandateId: string) => key('consent', merchantId, mandateId);

/** One attempt of one payment. */
export const paymentKey = (paymentId: string, attempt: number) => key('payment', paymentId, attempt);

/**
 * InstructionIdentification of one attempt (at most 35 characters): readable when the payment id
 * leaves room, else derived like the key.
 */
export function instructionId(paymentId: string, attempt: number): string {
  const readable = `${paymentId}-${attempt}`;
  return readable.length <= 35 ? readable : key('instruction', paymentId, attempt).slice(0, 35);
}

/** One refund. */
export const refundKey = (refundId: string) => key('refund', refundId);

/** One funds confirmation (each question is its own request). */
export const fundsKey = (consentId: string, nonce: string) => key('funds', consentId, nonce);

/** An OB Max35Text identification from a platform id (kept when it fits, else derived). */
export function identification(id: string): string {
  return id.length <= 35 ? id : key('id', id).slice(0, 35);
}
