import { notFound } from '@vrp/errors';
import { findEndpoint, type EndpointRow } from '../db/endpoints.js';
import { lockEvent, refreshEventStatus } from '../db/event-status.js';
import type { Deps } from '../deps.js';

/**
 * Deletes an endpoint: from then on it is not_found everywhere (get, list, delete, rotate,
 * enable), it receives nothing more and its waiting deliveries end as failed. Its row stays,
 * because the attempts recorded on past events refer to it. Returns it as it was last seen.
 */
export async function deleteEndpoint(deps: Pick<Deps, 'db' | 'clock'>, merchantId: string, id: string): Promise<EndpointRow> {
  const now = deps.clock();
  return deps.db.$transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, merchantId, id);
    const { count } = await tx.endpoint.updateMany({
      where: { merchantId, id, deletedAt: null },
      data: { status: 'disabled', disabledReason: 'merchant', disabledAt: now, deletedAt: now },
    });
    // A concurrent delete got there first: to this caller it was already gone.
    if (!endpoint || count === 0) throw notFound('webhook endpoint', id);
    const waiting = await tx.delivery.findMany({ where: { endpointId: id, status: { in: ['pending', 'retrying'] } }, select: { eventId: true }, orderBy: { eventId: 'asc' } });
    for (const { eventId } of waiting) {
      await lockEvent(tx, eventId);
      await tx.delivery.updateMany({ where: { endpointId: id, eventId, status: { in: ['pending', 'retrying'] } }, data: { status: 'failed', nextAttemptAt: null } });
      await refreshEventStatus(tx, eventId);
    }
    return { ...endpoint, status: 'disabled', disabledReason: 'merchant', disabledAt: now, deletedAt: now };
  });
}
