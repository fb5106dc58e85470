/** Mandate lists in typed raw SQL on the service's pool: one statement per page. */
import type { common } from '@vrp/contracts';
import { keysetQuery, keysetSql, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import type { MandateStatus } from '../domain/mandate-lifecycle.js';
import { COLUMNS, toMandateRow, type MandateSqlRow } from './mandate-sql.js';
import type { MandateRow } from './mandates.js';

/** The filters of a mandate list; every one optional, every bound inclusive. */
export interface MandateFilters {
  customerId?: string;
  statuses?: MandateStatus[];
  createdAt?: { gte?: Date; lte?: Date };
  maximumAmountMinor?: { gte?: bigint; lte?: bigint };
}

/** The WHERE of a mandate list, always scoped to the merchant, its values appended to `values`. */
function filterSql(merchantId: string, f: MandateFilters, values: unknown[]): string {
  const where: string[] = [];
  const bind = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  bind((v) => `m.merchant_id = ${v}`, merchantId);
  if (f.customerId) bind((v) => `m.customer_id = ${v}`, f.customerId);
  if (f.statuses?.length) bind((v) => `m.status = ANY(${v}::text[])`, f.statuses);
  if (f.createdAt?.gte) bind((v) => `m.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) bind((v) => `m.created_at <= ${v}`, f.createdAt.lte);
  const amount = f.maximumAmountMinor;
  if (amount?.gte !== undefined) bind((v) => `m.maximum_amount_minor >= ${v}::bigint`, amount.gte.toString());
  if (amount?.lte !== undefined) bind((v) => `m.maximum_amount_minor <= ${v}::bigint`, amount.lte.toString());
  return where.join(' AND ');
}

/**
 * One keyset page of `merchantId`'s mandates matching `filters`, in the page's order. Each
 * order has an index starting with merchant_id, so page N is an index seek like page 1.
 */
export async function listMandates(
  db: Queryable,
  merchantId: string,
  filters: MandateFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRow[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'm.created_at', id: 'm.id', amount: 'm.maximum_amount_minor' });
  const values: unknown[] = [];
  const where = filterSql(merchantId, filters, values);
  const keyset = keysetSql(query, values);
  const found = await rows<MandateSqlRow>(
    db,
    `SELECT ${COLUMNS} FROM mandate.mandates m WHERE ${where} AND ${keyset.where} ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
    values,
  );
  return pageOf(found.map(toMandateRow), query);
}
