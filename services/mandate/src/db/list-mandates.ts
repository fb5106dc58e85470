/**
 * Mandate lists on the service's pool: one statement per page. Raw SQL, not a pgtyped query: its
 * conditions and order are put together per request (one condition per given filter, so the
 * planner picks the index that answers it); it selects MANDATE_COLUMNS, so its rows are the typed
 * mandate queries' rows.
 */
import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import type { MandateStatus } from '../domain/mandate-lifecycle.js';
import type { IReadMandateResult } from '../generated/sql/mandates.queries.js';
import { MANDATE_COLUMNS, toMandateRow, type MandateRow } from './mandates.js';

/** The filters of a mandate list; every one optional, every bound inclusive. */
export interface MandateFilters {
  customerId?: string;
  statuses?: MandateStatus[];
  createdAt?: { gte?: Date; lte?: Date };
  maximumAmountMinor?: { gte?: bigint; lte?: bigint };
  /** Pairs the metadata must hold (answered by its GIN index). */
  metadata?: Record<string, string>;
}

/** The conditions of a mandate list, always scoped to the merchant. */
function filterOf(merchantId: string, f: MandateFilters): SqlFilter {
  const filter = new SqlFilter().add((v) => `m.merchant_id = ${v}`, merchantId);
  if (f.customerId) filter.add((v) => `m.customer_id = ${v}`, f.customerId);
  if (f.statuses?.length) filter.oneOf('m.status', f.statuses);
  if (f.createdAt?.gte) filter.add((v) => `m.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) filter.add((v) => `m.created_at <= ${v}`, f.createdAt.lte);
  const amount = f.maximumAmountMinor;
  if (amount?.gte !== undefined) filter.add((v) => `m.maximum_amount_minor >= ${v}::bigint`, amount.gte);
  if (amount?.lte !== undefined) filter.add((v) => `m.maximum_amount_minor <= ${v}::bigint`, amount.lte);
  filter.metadataContains('m.metadata', f.metadata);
  return filter;
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
  const filter = filterOf(merchantId, filters);
  const found = await rows<IReadMandateResult>(
    db,
    keysetPageSql(`SELECT ${MANDATE_COLUMNS} FROM mandate.mandates m`, filter, query),
    filter.values,
  );
  return pageOf(found.map(toMandateRow), query);
}
