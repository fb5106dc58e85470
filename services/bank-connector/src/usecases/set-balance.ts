import { toObAmount } from '@vrp/open-banking';
import { isCurrency } from '@vrp/money';
import { validationError } from '@vrp/errors';
import { customerAccount } from '../db/customers.js';
import type { Deps } from '../deps.js';
import { sandboxBackOffice } from './sandbox-back-office.js';

/** Sandbox: sets what the model bank holds in the customer's account (named by the customer id the consents carry). */
export async function setBalance(
  deps: Deps,
  input: { merchantId: string; customerId: string; amountMinor: bigint; currency: string },
): Promise<void> {
  const backOffice = sandboxBackOffice(deps);
  if (!input.customerId) throw validationError('customer_id', 'is required');
  if (input.amountMinor < 0n) throw validationError('amount_minor', 'must not be negative');
  if (!isCurrency(input.currency)) throw validationError('currency', 'must be an ISO 4217 currency');
  const account = await customerAccount(deps.sql, input.merchantId, input.customerId);
  await backOffice.setBalance(
    {
      customerId: input.customerId,
      ...(account ? { account: { scheme: account.SchemeName, identification: account.Identification } } : {}),
    },
    toObAmount(input.amountMinor, input.currency),
  );
}
