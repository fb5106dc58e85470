import { notFound } from '@vrp/errors';
import { attemptsOf, findEvent, type EventRow } from '../db/events.js';
import type { Attempt } from '../generated/prisma/client.js';
import type { Deps } from '../deps.js';

export type EventWithAttempts = EventRow & { attempts: Attempt[] };

/**
 * One event of the merchant with every delivery attempt, oldest first; 404 not_found otherwise.
 * The attempts are read before the event: an attempt and the event status it leads to commit
 * together, so the status read second is never older than the attempts shown with it.
 */
export async function getEvent(deps: Pick<Deps, 'db'>, merchantId: string, id: string): Promise<EventWithAttempts> {
  const attempts = await attemptsOf(deps.db, id);
  const event = await findEvent(deps.db, merchantId, id);
  if (!event) throw notFound('webhook event', id);
  return { ...event, attempts };
}
