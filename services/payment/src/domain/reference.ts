import { ApiError } from '@vrp/errors';

/**
 * A remittance reference the payer's bank statement can show: Faster Payments carries 18
 * characters, and letters, digits, spaces and hyphens survive every scheme unchanged.
 */
const REFERENCE = /^[A-Za-z0-9 -]{1,18}$/;

/**
 * The reference a payment is sent with: the merchant's, when it keeps the rules (else
 * validation_error on `reference`), or one made from the payment id's random part, so it is
 * as unique as the id and the merchant can find the payment by it.
 */
export function paymentReference(given: string | undefined, paymentId: string): string {
  if (!given) return `PM${paymentId.slice(-16)}`;
  if (!REFERENCE.test(given) || given.trim() !== given) {
    throw new ApiError(
      'validation_error',
      'reference must be 1 to 18 letters, digits, spaces or hyphens, not starting or ending with a space',
      {
        param: 'reference',
      },
    );
  }
  return given;
}

/** The end-to-end identification of a payment (OB Max35Text): its id, which every attempt carries. */
export const endToEndId = (paymentId: string): string => paymentId;
