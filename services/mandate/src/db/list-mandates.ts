import type { common } from '@vrp/contracts';
import { keysetQuery, pageOf } from '@vrp/pagination';
import type { MandateStatus } from '../domain/mandate-lifecycle.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
import type { MandateRow } from './mandates.js';

/** The filters of a mandate list; every one optional. */
export interface MandateFilters {
  customerId?: string;
  statuses?: MandateStatus[];
  createdAt?: { gte?: Date; lte?: Date };
  maximumAmountMinor?: { gte?: bigint; lte?: bigint };
}

/**
 * One keyset page of `merchantId`'s mandates matching `filters`, in the page's order. Each
 * order has an index starting with merchant_id, so page N is an index seek like page 1.
 */
export async function listMandates(
  db: Db,
  merchantId: string,
  filters: MandateFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRow[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'createdAt', id: 'id', amount: 'maximumAmountMinor' });
  const where: Prisma.MandateWhereInput = { merchantId };
  if (filters.customerId) where.customerId = filters.customerId;
  if (filters.statuses?.length) where.status = { in: filters.statuses };
  if (filters.createdAt) where.createdAt = filters.createdAt;
  if (filters.maximumAmountMinor) where.maximumAmountMinor = filters.maximumAmountMinor;
  const rows = await db.mandate.findMany({
    where: { AND: [where, query.where as Prisma.MandateWhereInput] },
    orderBy: query.orderBy as Prisma.MandateOrderByWithRelationInput[],
    take: query.take,
  });
  return pageOf(rows, query);
}
