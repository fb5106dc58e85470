/**
 * Payment lists: one statement per page, timelines included, built per request (its conditions
 * keep the index that answers each filter), so it stays raw SQL selecting the typed reads' columns.
 */
import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import { RECORD, toRecord, type PaymentRow } from './payment-sql.js';
import type { PaymentRecord } from './payments.js';

/** Filters of a payment list; every bound is inclusive and optional. */
export interface PaymentFilters {
  merchantId: string;
  mandateId?: string;
  paymentId?: string;
  scheduleId?: string;
  statuses?: string[];
  createdAt?: { gte?: Date; lte?: Date };
  /** Calendar dates YYYY-MM-DD. */
  settlementDate?: { gte?: string; lte?: string };
  amountMinor?: { gte?: bigint; lte?: bigint };
  reference?: string | undefined;
  endToEndId?: string | undefined;
  /** Pairs the metadata must hold (answered by its GIN index). */
  metadata?: Record<string, string> | undefined;
}

/** The conditions of a payment list, always scoped to the merchant. */
function filterOf(f: PaymentFilters): SqlFilter {
  const filter = new SqlFilter().add((v) => `p.merchant_id = ${v}`, f.merchantId);
  if (f.mandateId) filter.add((v) => `p.mandate_id = ${v}`, f.mandateId);
  if (f.paymentId) filter.add((v) => `p.id = ${v}`, f.paymentId);
  if (f.scheduleId) filter.add((v) => `p.schedule_id = ${v}`, f.scheduleId);
  if (f.statuses?.length) filter.oneOf('p.status', f.statuses);
  if (f.createdAt?.gte) filter.add((v) => `p.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) filter.add((v) => `p.created_at <= ${v}`, f.createdAt.lte);
  if (f.settlementDate?.gte) filter.add((v) => `p.settlement_date >= ${v}::date`, f.settlementDate.gte);
  if (f.settlementDate?.lte) filter.add((v) => `p.settlement_date <= ${v}::date`, f.settlementDate.lte);
  if (f.amountMinor?.gte !== undefined) filter.add((v) => `p.amount_minor >= ${v}::bigint`, f.amountMinor.gte);
  if (f.amountMinor?.lte !== undefined) filter.add((v) => `p.amount_minor <= ${v}::bigint`, f.amountMinor.lte);
  if (f.reference) filter.add((v) => `p.reference = ${v}`, f.reference);
  if (f.endToEndId) filter.add((v) => `p.end_to_end_id = ${v}`, f.endToEndId);
  filter.metadataContains('p.metadata', f.metadata);
  return filter;
}

/** One keyset page of the merchant's payments in the requested order; page N costs what page 1 does. */
export async function selectPaymentPage(
  db: Queryable,
  filters: PaymentFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: PaymentRecord[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'p.created_at', id: 'p.id', amount: 'p.amount_minor' });
  const filter = filterOf(filters);
  const found = await rows<PaymentRow>(db, keysetPageSql(`SELECT ${RECORD} FROM payment.payments p`, filter, query), filter.values);
  return pageOf(found.map(toRecord), query);
}
