import { validationError } from '@vrp/errors';

/** Every request is scoped to a merchant; an empty merchant id is a caller bug, refused early. */
export function requireMerchant(merchantId: string): string {
  if (!merchantId) throw validationError('merchant_id', 'is required');
  return merchantId;
}
