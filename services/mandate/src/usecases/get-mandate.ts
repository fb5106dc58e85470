import { notFound } from '@vrp/errors';
import { findMandate, type MandateRow } from '../db/mandates.js';
import { requireMerchant } from './require.js';
import type { MandateDeps } from './deps.js';

/** The mandate `id` of `merchantId`; not_found when unknown or another merchant's. */
export async function getMandate(deps: MandateDeps, merchantId: string, id: string): Promise<MandateRow> {
  const row = await findMandate(deps.db, requireMerchant(merchantId), id);
  if (!row) throw notFound('mandate', id);
  return row;
}
