import type { common } from '@vrp/contracts';
import { pageOf } from '@vrp/pagination';
import { queryEndpoints, type EndpointRow } from '../db/endpoints.js';
import { createdAtKeyset, createdAtRange } from '../db/keyset.js';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's endpoints (disabled ones included, with their status; deleted ones never). */
export async function listEndpoints(
  deps: Pick<Deps, 'db'>,
  input: { merchantId: string; createdAt?: common.TimeRange; page?: common.PageRequest },
): Promise<{ items: EndpointRow[]; hasMore: boolean }> {
  const query = createdAtKeyset(input.page);
  return pageOf(await queryEndpoints(deps.db, input.merchantId, createdAtRange(input.createdAt), query), query);
}
