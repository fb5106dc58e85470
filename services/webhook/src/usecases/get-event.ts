import { notFound } from '@vrp/errors';
import { findEventWithAttempts, type AttemptRow, type EventRow } from '../db/events.js';
import type { Deps } from '../deps.js';

export type EventWithAttempts = EventRow & { attempts: AttemptRow[] };

/** One event of the merchant with every delivery attempt, oldest first, consistent with its status; 404 not_found otherwise. */
export async function getEvent(deps: Pick<Deps, 'sql'>, merchantId: string, id: string): Promise<EventWithAttempts> {
  const event = await findEventWithAttempts(deps.sql, merchantId, id);
  if (!event) throw notFound('webhook event', id);
  return event;
}
