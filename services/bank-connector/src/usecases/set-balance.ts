import { toObAmount } from '@vrp/open-banking';
import { isCurrency } from '@vrp/money';
import { validationError } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { sandboxBackOffice } from './sandbox-back-office.js';

/** Sandbox: sets what the model bank holds in the customer's account (named by the customer id every consent carries as Risk.MerchantCustomerIdentification). */
export async function setBalance(
  deps: Deps,
  input: { merchantId: string; customerId: string; amountMinor: bigint; currency: string },
): Promise<void> {
  const backOffice = sandboxBackOffice(deps);
  if (!input.customerId) throw validationError('customer_id', 'is required');
  if (input.amountMinor < 0n) throw validationError('amount_minor', 'must not be negative');
  if (!isCurrency(input.currency)) throw validationError('currency', 'must be an ISO 4217 currency');
  await backOffice.setBalance(input.customerId, toObAmount(input.amountMinor, input.currency));
}
