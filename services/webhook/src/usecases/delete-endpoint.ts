import { notFound } from '@vrp/errors';
import { findEndpoint, type EndpointRow } from '../db/endpoints.js';
import { lockEvent, refreshEventStatus } from '../db/event-status.js';
import type { Deps } from '../deps.js';

/**
 * Disables an endpoint: it stays readable (its delivery history refers to it) with status
 * `disabled`, receives nothing more, and its waiting deliveries end as failed. Deleting an
 * already disabled endpoint returns it unchanged.
 */
export async function deleteEndpoint(deps: Pick<Deps, 'db' | 'clock'>, merchantId: string, id: string): Promise<EndpointRow> {
  const now = deps.clock();
  return deps.db.$transaction(async (tx) => {
    await tx.endpoint.updateMany({ where: { merchantId, id, status: 'enabled' }, data: { status: 'disabled', disabledAt: now } });
    const endpoint = await findEndpoint(tx, merchantId, id);
    if (!endpoint) throw notFound('webhook endpoint', id);
    const waiting = await tx.delivery.findMany({ where: { endpointId: id, status: { in: ['pending', 'retrying'] } }, select: { eventId: true }, orderBy: { eventId: 'asc' } });
    for (const { eventId } of waiting) {
      await lockEvent(tx, eventId);
      await tx.delivery.updateMany({ where: { endpointId: id, eventId, status: { in: ['pending', 'retrying'] } }, data: { status: 'failed', nextAttemptAt: null } });
      await refreshEventStatus(tx, eventId);
    }
    return endpoint;
  });
}
