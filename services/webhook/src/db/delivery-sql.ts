/**
 * The delivery worker's hot path in typed raw SQL on the service's pool: a claim that returns
 * what an attempt needs (the endpoint and the event with each delivery), and the recording of
 * an attempt. Everything else runs through Prisma on the same pool.
 */
import type { Prisma } from '../generated/prisma/client.js';
import { eventDeliveryStatus, type DeliveryState } from '../domain/delivery-status.js';
import { onConnection, rows, type Queryable, type SqlPool } from '@vrp/sql';
import type { AttemptOutcome, ClaimedDelivery } from './deliveries.js';

/** A claimed delivery with its endpoint and event as they were when it was claimed. */
export interface ClaimedWork extends ClaimedDelivery {
  endpoint: {
    id: string;
    url: string;
    status: string;
    secretCiphertext: string;
    previousSecrets: Prisma.JsonValue;
    /** Start of the endpoint's current run of failures; null while it is healthy. */
    failingSince: Date | null;
  };
  /** `traceparent`: the trace the event belongs to, which the attempt continues. */
  event: { id: string; eventType: string; createdAt: Date; data: string; traceparent: string | null };
}

interface ClaimRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempt_count: number;
  max_attempts: number;
  manual: boolean;
  window_started_at: Date;
  url: string;
  endpoint_status: string;
  secret_ciphertext: string;
  previous_secrets: Prisma.JsonValue;
  failing_since: Date | null;
  event_type: string;
  event_created_at: Date;
  data: string;
  traceparent: string | null;
}

/**
 * Claims up to `limit` due deliveries with their endpoints and events, in one statement: rows
 * are picked with FOR UPDATE SKIP LOCKED (replicas never pick the same row) and leased by moving
 * next_attempt_at to `leaseUntil`, so the HTTP call happens outside any transaction and a
 * crashed worker's delivery becomes due again.
 */
export async function claimDueWork(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedWork[]> {
  const claimed = await rows<ClaimRow>(
    db,
    `WITH due AS (
       SELECT id FROM webhook.deliveries WHERE next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE webhook.deliveries d SET next_attempt_at = $2 FROM due WHERE d.id = due.id
       RETURNING d.id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at)
     SELECT c.id::text AS id, c.event_id, c.endpoint_id, c.attempt_count, c.max_attempts, c.manual, c.window_started_at,
            e.url, e.status AS endpoint_status, e.secret_ciphertext, e.previous_secrets, e.failing_since,
            ev.event_type, ev.created_at AS event_created_at, ev.data, ev.traceparent
       FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id`,
    [now, leaseUntil, limit],
  );
  return claimed.map((r) => ({
    id: BigInt(r.id),
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    attemptCount: r.attempt_count,
    maxAttempts: r.max_attempts,
    manual: r.manual,
    windowStartedAt: r.window_started_at,
    endpoint: {
      id: r.endpoint_id,
      url: r.url,
      status: r.endpoint_status,
      secretCiphertext: r.secret_ciphertext,
      previousSecrets: r.previous_secrets,
      failingSince: r.failing_since,
    },
    event: { id: r.event_id, eventType: r.event_type, createdAt: r.event_created_at, data: r.data, traceparent: r.traceparent },
  }));
}

/** Event ids as the platform makes them; only such an id is ever written into a statement's text. */
const EVENT_ID = /^[A-Za-z0-9_-]+$/;

/**
 * Records an attempt and moves the delivery on (delivered, retrying, failed) and the event's
 * status with it, in one transaction of three round trips: the event row is locked first (every
 * change to an event's deliveries takes that lock), then one statement updates the delivery,
 * inserts the attempt and reads every sibling's status, from which the event's status is set as
 * the transaction commits. The update is conditional on the attempt count the worker claimed,
 * so a stale worker (lease expired meanwhile) records nothing and gets false. The first and
 * last round trips are multi-statement text, which takes no parameters: the event id is checked
 * against EVENT_ID and the status is one of the four the domain computes.
 */
export function recordAttemptOf(pool: SqlPool, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  if (!EVENT_ID.test(claimed.eventId)) throw new Error(`unexpected event id ${claimed.eventId}`);
  return onConnection(pool, async (client) => {
    await client.query(`BEGIN; SELECT 1 FROM webhook.events WHERE id = '${claimed.eventId}' FOR UPDATE`);
    const attempt = claimed.attemptCount + 1;
    const status: DeliveryState = outcome.success ? 'delivered' : outcome.nextAttemptAt ? 'retrying' : 'failed';
    const siblings = await rows<{ status: DeliveryState; changed: boolean }>(
      client,
      `WITH changed AS (
         UPDATE webhook.deliveries SET attempt_count = $3, status = $4, next_attempt_at = $5, manual = false
          WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying')
         RETURNING id, status),
       recorded AS (
         INSERT INTO webhook.attempts (delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, success, response_excerpt)
         SELECT id, $6, $7, $3, $8, $9, $10, $11, $12, $13 FROM changed)
       SELECT status, true AS changed FROM changed
       UNION ALL
       SELECT status, false FROM webhook.deliveries WHERE event_id = $6 AND id <> $1`,
      [
        claimed.id.toString(),
        claimed.attemptCount,
        attempt,
        status,
        outcome.success ? null : outcome.nextAttemptAt,
        claimed.eventId,
        claimed.endpointId,
        outcome.attemptedAt,
        outcome.statusCode,
        outcome.latencyMs,
        outcome.error,
        outcome.success,
        outcome.responseExcerpt,
      ],
    );
    if (!siblings.some((s) => s.changed)) {
      await client.query('ROLLBACK');
      return false;
    }
    const eventStatus = eventDeliveryStatus(siblings.map((s) => s.status));
    await client.query(`UPDATE webhook.events SET delivery_status = '${eventStatus}' WHERE id = '${claimed.eventId}'; COMMIT`);
    return true;
  });
}

/**
 * What a successful attempt does to its endpoint's health: ends its run of failures, if it has
 * one. The update matches no row (and locks none) at a healthy endpoint.
 */
export async function endRunOfFailures(db: Queryable, endpointId: string): Promise<void> {
  await db.query('UPDATE webhook.endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [endpointId]);
}
