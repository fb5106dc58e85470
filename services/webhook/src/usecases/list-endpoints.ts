import type { common } from '@vrp/contracts';
import { queryEndpoints, type EndpointRow } from '../db/endpoints.js';
import { createdAtRange } from '../db/keyset.js';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's endpoints (disabled ones included, with their status; deleted ones never). */
export async function listEndpoints(
  deps: Pick<Deps, 'sql'>,
  input: { merchantId: string; createdAt?: common.TimeRange; page?: common.PageRequest },
): Promise<{ items: EndpointRow[]; hasMore: boolean }> {
  return queryEndpoints(deps.sql, input.merchantId, createdAtRange(input.createdAt), input.page);
}
