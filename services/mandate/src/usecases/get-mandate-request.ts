import type { common } from '@vrp/contracts';
import { notFound, required } from '@vrp/errors';
import {
  listMandateRequests as queryMandateRequests,
  readMandateRequest,
  type MandateRequestFilters,
  type MandateRequestRow,
} from '../db/mandate-requests.js';
import type { Deps } from '../deps.js';
import { stageConsent } from './stage-consent.js';

/**
 * The merchant's request `id` (not_found for another merchant's). A request whose consent could not
 * be staged when it was created is staged now; if the bank still cannot be reached it is answered
 * without its link.
 */
export async function getMandateRequest(deps: Deps, merchantId: string, id: string): Promise<MandateRequestRow> {
  const row = await readMandateRequest(deps.sql, required('merchant_id', merchantId), id);
  if (!row) throw notFound('mandate request', id);
  try {
    return await stageConsent(deps, row);
  } catch (err) {
    deps.logger.warn('consent not staged yet', { mandate_request_id: id, err });
    return row;
  }
}

/** One keyset page of the merchant's requests matching `filters`. Errors: invalid_order. */
export function listMandateRequests(
  deps: Deps,
  merchantId: string,
  filters: MandateRequestFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRequestRow[]; hasMore: boolean }> {
  return queryMandateRequests(deps.sql, required('merchant_id', merchantId), filters, page);
}
