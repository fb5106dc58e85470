import type { common } from '@vrp/contracts';
import { pageOf } from '@vrp/pagination';
import type { EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';
import { createdAtKeyset, createdAtRange } from './keyset.js';

/** One keyset page of the merchant's endpoints (disabled ones included, with their status; deleted ones never). */
export async function listEndpoints(
  deps: Pick<Deps, 'db'>,
  input: { merchantId: string; createdAt?: common.TimeRange; page?: common.PageRequest },
): Promise<{ items: EndpointRow[]; hasMore: boolean }> {
  const query = createdAtKeyset(input.page);
  const rows = await deps.db.endpoint.findMany({
    where: { AND: [{ merchantId: input.merchantId, deletedAt: null }, createdAtRange(input.createdAt), query.where] },
    orderBy: query.orderBy,
    take: query.take,
  });
  return pageOf(rows, query);
}
