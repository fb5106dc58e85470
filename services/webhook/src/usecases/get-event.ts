import { notFound } from '@vrp/errors';
import { findEventWithAttempts, type EventRow } from '../db/events.js';
import type { Attempt } from '../generated/prisma/client.js';
import type { Deps } from '../deps.js';

export type EventWithAttempts = EventRow & { attempts: Attempt[] };

/** One event of the merchant with every delivery attempt, oldest first, consistent with its status; 404 not_found otherwise. */
export async function getEvent(deps: Pick<Deps, 'db'>, merchantId: string, id: string): Promise<EventWithAttempts> {
  const event = await findEventWithAttempts(deps.db, merchantId, id);
  if (!event) throw notFound('webhook event', id);
  return event;
}
