import { notFound } from '@vrp/errors';
import type { Attempt, Event } from '../generated/prisma/client.js';
import type { Deps } from '../deps.js';

export type EventWithAttempts = Event & { attempts: Attempt[] };

/**
 * One event of the merchant with every delivery attempt, oldest first; 404 not_found otherwise.
 * The attempts are read before the event: an attempt and the event status it leads to commit
 * together, so the status read second is never older than the attempts shown with it.
 */
export async function getEvent(deps: Pick<Deps, 'db'>, merchantId: string, id: string): Promise<EventWithAttempts> {
  const attempts = await deps.db.attempt.findMany({ where: { eventId: id }, orderBy: [{ attemptedAt: 'asc' }, { id: 'asc' }] });
  const event = await deps.db.event.findFirst({ where: { merchantId, id } });
  if (!event) throw notFound('webhook event', id);
  return { ...event, attempts };
}
