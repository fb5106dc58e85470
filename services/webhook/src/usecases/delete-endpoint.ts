import { notFound } from '@vrp/errors';
import { deleteEndpointAndFailDeliveries, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/**
 * Deletes an endpoint: from then on it is not_found everywhere (get, list, delete, rotate,
 * enable), it receives nothing more and its waiting deliveries end as failed. Its row stays,
 * because the attempts recorded on past events refer to it. Returns it as it was last seen.
 */
export async function deleteEndpoint(deps: Pick<Deps, 'sql' | 'clocks'>, merchantId: string, id: string): Promise<EndpointRow> {
  const deleted = await deleteEndpointAndFailDeliveries(deps.sql, merchantId, id, deps.clocks.now(merchantId));
  // Not the merchant's, or a concurrent delete got there first: to this caller it was already gone.
  if (!deleted) throw notFound('webhook endpoint', id);
  return deleted;
}
