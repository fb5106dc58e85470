/** Schedule lists: one statement per keyset page. */
import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import type { IReadScheduleResult } from '../generated/sql/schedules.queries.js';
import { pendingCycles, SCHEDULE_COLUMNS, toScheduleRow, type ScheduleView } from './schedules.js';

/** SCHEDULE_COLUMNS without pgtyped's not-null marks (`"name!"`), which its runtime strips from the typed queries' rows. */
const PAGE_COLUMNS = SCHEDULE_COLUMNS.replaceAll('!"', '"');

export interface ScheduleFilters {
  merchantId: string;
  mandateId?: string;
  statuses?: string[];
  createdAt?: { gte?: Date; lte?: Date };
}

/**
 * One keyset page of the merchant's schedules in the requested order, each with its pending cycles.
 * Raw SQL, not a pgtyped query: its conditions, order and limit are put together per request (one
 * condition per given filter), which a fixed statement cannot do. Its columns are SCHEDULE_COLUMNS,
 * so its rows are the typed queries' rows.
 */
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
  const found = await rows<IReadScheduleResult>(
    db,
    keysetPageSql(`SELECT ${PAGE_COLUMNS} FROM schedule.schedules s`, filter, query),
    filter.values,
  );
  const { items, hasMore } = pageOf(found, query);
  const views = await Promise.all(items.map(async (r) => ({ ...toScheduleRow(r), pending: await pendingCycles(db, r.id) })));
  return { items: views, hasMore };
}
