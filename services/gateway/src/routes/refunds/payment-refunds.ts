import { common, type refund } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import { presentRefund, type RefundJson } from '@vrp/public-api';

/** The most refunds GET /v1/payments/{id}?expand=refunds embeds; the rest are listed by GET /v1/refunds?payment_id=. */
export const EXPANDED_REFUNDS = 100;

/**
 * The oldest EXPANDED_REFUNDS refunds of a payment, each exactly as GET /v1/refunds/{id} returns
 * it, and whether it has more: what GET /v1/payments/{id}?expand=refunds embeds. One page, so a
 * payment with thousands of small refunds still answers in bounded size and time; the whole list is
 * GET /v1/refunds?payment_id={id}&order=created_at, whose first page of 100 is the embedded one.
 */
export async function listPaymentRefunds(
  refunds: ServiceClient<typeof refund.RefundService>,
  merchantId: string,
  paymentId: string,
): Promise<{ refunds: RefundJson[]; hasMore: boolean }> {
  const page = await refunds.listRefunds({
    merchantId,
    paymentId,
    page: { order: common.SortOrder.CREATED_AT_ASC, pageSize: EXPANDED_REFUNDS },
  });
  return { refunds: page.refunds.map(presentRefund), hasMore: page.pageInfo?.hasMore ?? false };
}
