import { rows, type Queryable } from '@vrp/sql';
import type { Notification } from '../domain/notifications.js';

/** A notification taken for one delivery attempt. */
export interface Delivery extends Notification {
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Queues notifications in the caller's transaction, so a status change and its notification commit together. */
export async function enqueueNotifications(db: Queryable, notifications: Notification[]): Promise<void> {
  if (!notifications.length) return;
  await db.query(
    `INSERT INTO model_bank.event_notifications (id, client_id, url, claims, interaction_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::text[])`,
    [
      notifications.map((n) => n.id),
      notifications.map((n) => n.clientId),
      notifications.map((n) => n.url),
      notifications.map((n) => JSON.stringify(n.claims)),
      notifications.map((n) => n.interactionId),
    ],
  );
}

/**
 * Takes up to `limit` undelivered notifications that are due (and younger than `giveUpAfterMs`),
 * leasing each for `leaseMs`: a sender that dies mid-attempt leaves it to be taken again after
 * the lease, so none is lost; replicas never take the same one at once.
 */
export async function takeDue(db: Queryable, limit: number, leaseMs: number, giveUpAfterMs: number): Promise<Delivery[]> {
  const taken = await rows<{
    id: string;
    client_id: string;
    url: string;
    claims: Notification['claims'];
    interaction_id: string;
    attempts: number;
  }>(
    db,
    `UPDATE model_bank.event_notifications n
     SET attempts = n.attempts + 1, next_attempt_at = now() + make_interval(secs => $2 / 1000.0)
     WHERE n.id IN (
       SELECT id FROM model_bank.event_notifications
       WHERE delivered_at IS NULL AND next_attempt_at <= now() AND created_at > now() - make_interval(secs => $3 / 1000.0)
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING n.id, n.client_id, n.url, n.claims, n.interaction_id, n.attempts`,
    [limit, leaseMs, giveUpAfterMs],
  );
  return taken.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    url: r.url,
    claims: r.claims,
    interactionId: r.interaction_id,
    attempts: r.attempts,
  }));
}

/** Records a delivery the client acknowledged (202). */
export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE model_bank.event_notifications SET delivered_at = now(), last_error = NULL WHERE id = $1`, [id]);
}

/** Records a failed attempt and when to try again. */
export async function markFailed(db: Queryable, id: string, error: string, retryInMs: number): Promise<void> {
  await db.query(
    `UPDATE model_bank.event_notifications SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3 / 1000.0) WHERE id = $1`,
    [id, error.slice(0, 500), retryInMs],
  );
}

/** Notifications not yet delivered (metrics, tests). */
export async function undeliveredCount(db: Queryable): Promise<number> {
  const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM model_bank.event_notifications WHERE delivered_at IS NULL`);
  return row!.n;
}
