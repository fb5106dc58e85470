import { notFound } from '@vrp/errors';
import { failWaitingDeliveries } from '../db/deliveries.js';
import { findEndpoint, markEndpointDeleted, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/**
 * Deletes an endpoint: from then on it is not_found everywhere (get, list, delete, rotate,
 * enable), it receives nothing more and its waiting deliveries end as failed. Its row stays,
 * because the attempts recorded on past events refer to it. Returns it as it was last seen.
 */
export async function deleteEndpoint(deps: Pick<Deps, 'db' | 'clock'>, merchantId: string, id: string): Promise<EndpointRow> {
  const now = deps.clock(merchantId);
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, merchantId, id);
    const deleted = await markEndpointDeleted(tx, merchantId, id, now);
    // A concurrent delete got there first: to this caller it was already gone.
    if (!endpoint || !deleted) throw notFound('webhook endpoint', id);
    await failWaitingDeliveries(tx, id);
    return { ...endpoint, status: 'disabled', disabledReason: 'merchant', disabledAt: now, deletedAt: now };
  });
}
