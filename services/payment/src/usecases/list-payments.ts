import type { common } from '@vrp/contracts';
import { selectPaymentPage, type PaymentFilters } from '../db/payment-list.js';
import type { PaymentRecord } from '../db/payments.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import type { Deps } from '../deps.js';

/** Filters of a payment list; every bound is inclusive and optional. */
export type { PaymentFilters };

/** One keyset page of the merchant's payments in the requested order; page N costs what page 1 does. */
export function listPayments(
  deps: Deps,
  filters: PaymentFilters & { statuses?: PaymentStatus[] },
  page: common.PageRequest | undefined,
): Promise<{ items: PaymentRecord[]; hasMore: boolean }> {
  return selectPaymentPage(deps.sql, filters, page);
}
