import { enqueueNotifications } from '../db/notifications.js';
import type { Tx } from '../db/tx.js';
import { notification, type EventExtra, type EventResource } from '../domain/notifications.js';
import type { Deps } from '../deps.js';

/**
 * Queues, in the caller's transaction, the event notification telling `clientId` that `resource`
 * changed at `toe` (nothing when the client takes no notifications). Resolves whether one was
 * queued: the caller wakes the sender once the transaction has committed.
 */
export async function notify(
  deps: Deps,
  tx: Tx,
  event: { clientId: string; resource: EventResource; toe: Date; txn?: string; extra?: EventExtra },
): Promise<boolean> {
  const url = deps.clients.get(event.clientId)?.eventUrl;
  if (!url) return false;
  await enqueueNotifications(tx, [notification({ issuer: deps.issuer, url, ...event })]);
  return true;
}
