import type { common } from '@vrp/contracts';
import { keysetQuery, pageOf } from '@vrp/pagination';
import type { Prisma } from '../generated/prisma/client.js';
import { queryPayments, type PaymentRecord } from '../db/payments.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import type { Deps } from '../deps.js';

/** Filters of a payment list; every bound is inclusive and optional. */
export interface PaymentFilters {
  merchantId: string;
  mandateId?: string;
  paymentId?: string;
  statuses?: PaymentStatus[];
  createdAt?: { gte?: Date; lte?: Date };
  /** Calendar dates YYYY-MM-DD. */
  settlementDate?: { gte?: string; lte?: string };
  amountMinor?: { gte?: bigint; lte?: bigint };
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** The Prisma filter of a payment list (always scoped to the merchant). */
export function paymentWhere(f: PaymentFilters): Prisma.PaymentWhereInput {
  const where: Prisma.PaymentWhereInput = { merchantId: f.merchantId };
  if (f.mandateId) where.mandateId = f.mandateId;
  if (f.paymentId) where.id = f.paymentId;
  if (f.statuses?.length) where.status = { in: f.statuses };
  if (f.createdAt?.gte || f.createdAt?.lte) where.createdAt = { gte: f.createdAt.gte, lte: f.createdAt.lte };
  if (f.settlementDate?.gte || f.settlementDate?.lte) {
    where.settlementDate = {
      ...(f.settlementDate.gte ? { gte: day(f.settlementDate.gte) } : {}),
      ...(f.settlementDate.lte ? { lte: day(f.settlementDate.lte) } : {}),
    };
  }
  if (f.amountMinor?.gte !== undefined || f.amountMinor?.lte !== undefined) {
    where.amountMinor = { gte: f.amountMinor.gte, lte: f.amountMinor.lte };
  }
  return where;
}

/** One keyset page of the merchant's payments in the requested order; page N costs what page 1 does. */
export async function listPayments(
  deps: Deps,
  filters: PaymentFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: PaymentRecord[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'createdAt', id: 'id', amount: 'amountMinor' });
  const rows = await queryPayments(
    deps.db,
    { AND: [paymentWhere(filters), query.where as Prisma.PaymentWhereInput] },
    query.orderBy as Prisma.PaymentOrderByWithRelationInput[],
    query.take,
  );
  return pageOf(rows, query);
}
