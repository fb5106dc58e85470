import type { common } from '@vrp/contracts';
import { keysetQuery, pageOf } from '@vrp/pagination';
import type { RefundStatus } from '../domain/refund-status.js';
import type { Prisma } from '../generated/prisma/client.js';
import { withTimeline, type RefundRow } from './refunds.js';
import type { Db } from './client.js';

/** Filters of a refund list; every bound is inclusive and optional. */
export interface RefundFilters {
  paymentId?: string;
  statuses?: RefundStatus[];
  createdAt?: { gte?: Date; lte?: Date };
  amountMinor?: { gte?: bigint; lte?: bigint };
}

/**
 * One keyset page of a merchant's refunds in the requested order (ties broken by id).
 * `hasMore` tells whether more lie beyond the page in the direction read.
 */
export async function listRefunds(
  db: Db,
  merchantId: string,
  filters: RefundFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: RefundRow[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'createdAt', id: 'id', amount: 'amountMinor' });
  const where: Prisma.RefundWhereInput = { merchantId };
  if (filters.paymentId) where.paymentId = filters.paymentId;
  if (filters.statuses?.length) where.status = { in: filters.statuses };
  if (filters.createdAt) where.createdAt = filters.createdAt;
  if (filters.amountMinor) where.amountMinor = filters.amountMinor;
  const rows = await db.refund.findMany({
    where: { AND: [where, query.where as Prisma.RefundWhereInput] },
    orderBy: query.orderBy as Prisma.RefundOrderByWithRelationInput[],
    take: query.take,
    include: withTimeline,
  });
  return pageOf(rows, query);
}
