import { notFound } from '@vrp/errors';
import { disableEndpoint, enableEndpoint, findEndpoint, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';
import { recordEndpointEvent } from './record-endpoint-event.js';

/**
 * Enables an endpoint again (whatever disabled it: 410 Gone, failing, the merchant), with a
 * fresh run of failures, or disables it for the merchant (reason `merchant`; an endpoint
 * already disabled for another reason keeps that reason). A disabled endpoint receives no new
 * deliveries and its waiting ones end as failed when they come due; deliveries missed while it
 * was disabled are not revived by enabling it: replay them (POST /v1/webhook-events/retry).
 */
export async function setEndpointEnabled(
  deps: Pick<Deps, 'sql' | 'clocks' | 'undeliverable' | 'afterCommit'>,
  merchantId: string,
  id: string,
  enabled: boolean,
): Promise<EndpointRow> {
  const changed = enabled
    ? await enableEndpoint(deps.sql, merchantId, id)
    : await disableEndpoint(deps.sql, merchantId, id, deps.clocks.now(merchantId));
  const endpoint = await findEndpoint(deps.sql, merchantId, id);
  if (!endpoint) throw notFound('webhook endpoint', id);
  // Only the request that changed the status tells the merchant's other endpoints.
  if (changed) await recordEndpointEvent(deps, endpoint, enabled ? 'webhook_endpoint.enabled' : 'webhook_endpoint.disabled');
  return endpoint;
}
