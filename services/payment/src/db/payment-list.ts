/** Payment lists in typed raw SQL on the service's pool: one statement per page, timelines included. */
import type { common } from '@vrp/contracts';
import { keysetQuery, keysetSql, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import { RECORD, toRecord, type PaymentRow } from './payment-sql.js';
import type { PaymentRecord } from './payments.js';

/** Filters of a payment list; every bound is inclusive and optional. */
export interface PaymentFilters {
  merchantId: string;
  mandateId?: string;
  paymentId?: string;
  statuses?: string[];
  createdAt?: { gte?: Date; lte?: Date };
  /** Calendar dates YYYY-MM-DD. */
  settlementDate?: { gte?: string; lte?: string };
  amountMinor?: { gte?: bigint; lte?: bigint };
}

/** The WHERE of a payment list (always scoped to the merchant), its values appended to `values`. */
function filterSql(f: PaymentFilters, values: unknown[]): string {
  const where: string[] = [];
  const bind = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  bind((v) => `p.merchant_id = ${v}`, f.merchantId);
  if (f.mandateId) bind((v) => `p.mandate_id = ${v}`, f.mandateId);
  if (f.paymentId) bind((v) => `p.id = ${v}`, f.paymentId);
  if (f.statuses?.length) bind((v) => `p.status = ANY(${v}::text[])`, f.statuses);
  if (f.createdAt?.gte) bind((v) => `p.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) bind((v) => `p.created_at <= ${v}`, f.createdAt.lte);
  if (f.settlementDate?.gte) bind((v) => `p.settlement_date >= ${v}::date`, f.settlementDate.gte);
  if (f.settlementDate?.lte) bind((v) => `p.settlement_date <= ${v}::date`, f.settlementDate.lte);
  if (f.amountMinor?.gte !== undefined) bind((v) => `p.amount_minor >= ${v}::bigint`, f.amountMinor.gte.toString());
  if (f.amountMinor?.lte !== undefined) bind((v) => `p.amount_minor <= ${v}::bigint`, f.amountMinor.lte.toString());
  return where.join(' AND ');
}

/** One keyset page of the merchant's payments in the requested order; page N costs what page 1 does. */
export async function selectPaymentPage(
  db: Queryable,
  filters: PaymentFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: PaymentRecord[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'p.created_at', id: 'p.id', amount: 'p.amount_minor' });
  const values: unknown[] = [];
  const where = filterSql(filters, values);
  const keyset = keysetSql(query, values);
  const found = await rows<PaymentRow>(
    db,
    `SELECT ${RECORD} FROM payment.payments p WHERE ${where} AND ${keyset.where} ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
    values,
  );
  return pageOf(found.map(toRecord), query);
}
