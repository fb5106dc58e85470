import { common, type refund } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import { presentRefund, type RefundJson } from '@vrp/public-api';

/**
 * Every refund of a payment, oldest first, each exactly as GET /v1/refunds/{id} returns it:
 * what GET /v1/payments/{id}?expand=refunds embeds. Walks the refund list page by page, so a
 * payment with many small refunds is still returned whole.
 */
export async function listPaymentRefunds(
  refunds: ServiceClient<typeof refund.RefundService>,
  merchantId: string,
  paymentId: string,
): Promise<RefundJson[]> {
  const out: RefundJson[] = [];
  let after: refund.Refund | undefined;
  for (;;) {
    const page = await refunds.listRefunds({
      merchantId,
      paymentId,
      page: {
        order: common.SortOrder.CREATED_AT_ASC,
        pageSize: 200,
        ...(after ? { after: { createdAt: after.createdAt, id: after.id } } : {}),
      },
    });
    out.push(...page.refunds.map(presentRefund));
    after = page.refunds[page.refunds.length - 1];
    if (!page.pageInfo?.hasMore || !after) return out;
  }
}
