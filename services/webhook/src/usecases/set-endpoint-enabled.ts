import { notFound } from '@vrp/errors';
import { findEndpoint, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/**
 * Enables an endpoint again (whatever disabled it: 410 Gone, failing, the merchant), with a
 * fresh run of failures, or disables it for the merchant (reason `merchant`; an endpoint
 * already disabled for another reason keeps that reason). A disabled endpoint receives no new
 * deliveries and its waiting ones end as failed when they come due; deliveries missed while it
 * was disabled are not revived by enabling it: replay them (POST /v1/webhook-events/retry).
 */
export async function setEndpointEnabled(deps: Pick<Deps, 'db' | 'clock'>, merchantId: string, id: string, enabled: boolean): Promise<EndpointRow> {
  const where = { merchantId, id, deletedAt: null };
  if (enabled) {
    await deps.db.endpoint.updateMany({ where, data: { status: 'enabled', disabledReason: null, disabledAt: null, failingSince: null } });
  } else {
    await deps.db.endpoint.updateMany({ where: { ...where, status: 'enabled' }, data: { status: 'disabled', disabledReason: 'merchant', disabledAt: deps.clock() } });
  }
  const endpoint = await findEndpoint(deps.db, merchantId, id);
  if (!endpoint) throw notFound('webhook endpoint', id);
  return endpoint;
}
