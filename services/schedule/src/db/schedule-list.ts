/** Schedule lists in raw SQL: one statement per keyset page. */
import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import { pendingCycles, SCHEDULE_COLUMNS, toScheduleRow, type ScheduleView } from './schedules.js';

export interface ScheduleFilters {
  merchantId: string;
  mandateId?: string;
  statuses?: string[];
  createdAt?: { gte?: Date; lte?: Date };
}

/** One keyset page of the merchant's schedules in the requested order, each with its pending cycles. */
export async function selectSchedulePage(
  db: Queryable,
  f: ScheduleFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: ScheduleView[]; hasMore: boolean }> {
  const filter = new SqlFilter().add((v) => `s.merchant_id = ${v}`, f.merchantId);
  if (f.mandateId) filter.add((v) => `s.mandate_id = ${v}`, f.mandateId);
  if (f.statuses?.length) filter.oneOf('s.status', f.statuses);
  if (f.createdAt?.gte) filter.add((v) => `s.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) filter.add((v) => `s.created_at <= ${v}`, f.createdAt.lte);
  const query = keysetQuery(page, { createdAt: 's.created_at', id: 's.id', amount: 'COALESCE(s.amount_minor, 0)' });
  const found = await rows<Record<string, unknown>>(
    db,
    keysetPageSql(`SELECT ${SCHEDULE_COLUMNS} FROM schedule.schedules s`, filter, query),
    filter.values,
  );
  const { items, hasMore } = pageOf(found, query);
  const views = await Promise.all(items.map(async (r) => ({ ...toScheduleRow(r), pending: await pendingCycles(db, r.id as string) })));
  return { items: views, hasMore };
}
