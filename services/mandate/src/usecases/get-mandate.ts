import { notFound, required } from '@vrp/errors';
import { readMandate } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import type { Deps } from '../deps.js';

/** The mandate `id` of `merchantId`; not_found when unknown or another merchant's. */
export async function getMandate(deps: Deps, merchantId: string, id: string): Promise<MandateRow> {
  const row = await readMandate(deps.sql, required('merchant_id', merchantId), id);
  if (!row) throw notFound('mandate', id);
  return row;
}
