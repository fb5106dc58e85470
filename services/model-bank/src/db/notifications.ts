import type { Queryable } from '@vrp/sql';
import type { Notification } from '../domain/notifications.js';
import {
  enqueueNotifications as enqueueNotificationsQuery,
  markDelivered as markDeliveredQuery,
  markFailed as markFailedQuery,
  takeDue as takeDueQuery,
  undeliveredCount as undeliveredCountQuery,
} from '../generated/sql/notifications.queries.js';

/** A notification taken for one delivery attempt. */
export interface Delivery extends Notification {
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Queues notifications in the caller's transaction, so a status change and its notification commit together. */
export async function enqueueNotifications(db: Queryable, notifications: Notification[]): Promise<void> {
  if (!notifications.length) return;
  await enqueueNotificationsQuery.run(
    {
      ids: notifications.map((n) => n.id),
      clientIds: notifications.map((n) => n.clientId),
      urls: notifications.map((n) => n.url),
      // Each bound as its JSON text (cast to jsonb in the statement), as written.
      claims: notifications.map((n) => JSON.stringify(n.claims)),
      interactionIds: notifications.map((n) => n.interactionId),
    },
    db,
  );
}

/**
 * Takes up to `limit` undelivered notifications that are due (and younger than `giveUpAfterMs`),
 * leasing each for `leaseMs`: a sender that dies mid-attempt leaves it to be taken again after
 * the lease, so none is lost; replicas never take the same one at once.
 */
export async function takeDue(db: Queryable, limit: number, leaseMs: number, giveUpAfterMs: number): Promise<Delivery[]> {
  const taken = await takeDueQuery.run({ limit, leaseMs, giveUpAfterMs }, db);
  // claims is jsonb: the claims the notification was queued with.
  return taken.map((r) => ({ ...r, claims: r.claims as Notification['claims'] }));
}

/** Records a delivery the client acknowledged (202). */
export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await markDeliveredQuery.run({ id }, db);
}

/** Records a failed attempt and when to try again. */
export async function markFailed(db: Queryable, id: string, error: string, retryInMs: number): Promise<void> {
  await markFailedQuery.run({ id, error: error.slice(0, 500), retryInMs }, db);
}

/** Notifications not yet delivered (metrics, tests). */
export async function undeliveredCount(db: Queryable): Promise<number> {
  const [row] = await undeliveredCountQuery.run(undefined, db);
  return row!.n;
}
