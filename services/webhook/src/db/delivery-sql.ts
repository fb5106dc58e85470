/**
 * The delivery worker's hot path in typed raw SQL on the service's pool: a claim that returns
 * what an attempt needs (the endpoint and the event with each delivery), and the recording of
 * an attempt. Everything else runs through Prisma on the same pool.
 */
import type { Prisma } from '../generated/prisma/client.js';
import { waitingState, type DeliveryState } from '../domain/delivery-status.js';
import { rows, type Queryable } from '@vrp/sql';
import type { AttemptOutcome, ClaimedDelivery } from './deliveries.js';

/** A claimed delivery with its endpoint and event as they were when it was claimed. */
export interface ClaimedWork extends ClaimedDelivery {
  /** The merchant, on whose clock the delivery's times are kept. */
  merchantId: string;
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
  merchant_id: string;
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
 * crashed worker's delivery becomes due again. Times are each merchant's: a sandbox merchant's
 * clock runs its offset (webhook.merchant_clocks) ahead of `now`, and `maxOffsetMs`, the largest
 * offset, bounds the index range looked at (0 in production: the range is `now`'s alone).
 */
export async function claimDueWork(db: Queryable, now: Date, leaseUntil: Date, limit: number, maxOffsetMs = 0): Promise<ClaimedWork[]> {
  const claimed = await rows<ClaimRow>(
    db,
    `WITH due AS (
       SELECT d.id, coalesce(mc.offset_ms, 0) AS offset_ms FROM webhook.deliveries d
         LEFT JOIN webhook.merchant_clocks mc ON mc.merchant_id = d.merchant_id
        WHERE d.next_attempt_at <= $1::timestamptz + $4 * interval '1 millisecond'
          AND d.next_attempt_at <= $1::timestamptz + coalesce(mc.offset_ms, 0) * interval '1 millisecond'
        ORDER BY d.next_attempt_at LIMIT $3 FOR UPDATE OF d SKIP LOCKED),
     claimed AS (
       UPDATE webhook.deliveries d SET next_attempt_at = $2::timestamptz + due.offset_ms * interval '1 millisecond' FROM due WHERE d.id = due.id
       RETURNING d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at)
     SELECT c.id::text AS id, c.merchant_id, c.event_id, c.endpoint_id, c.attempt_count, c.max_attempts, c.manual, c.window_started_at,
            e.url, e.status AS endpoint_status, e.secret_ciphertext, e.previous_secrets, e.failing_since,
            ev.event_type, ev.created_at AS event_created_at, ev.data, ev.traceparent
       FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id`,
    [now, leaseUntil, limit, maxOffsetMs],
  );
  return claimed.map((r) => ({
    id: BigInt(r.id),
    merchantId: r.merchant_id,
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

/** The change an attempt makes to its event's counters of deliveries by state. */
function counterDeltas(from: DeliveryState, to: DeliveryState): [number, number, number, number] {
  const states: DeliveryState[] = ['pending', 'retrying', 'delivered', 'failed'];
  return states.map((s) => (s === to ? 1 : 0) - (s === from ? 1 : 0)) as [number, number, number, number];
}

/**
 * Records an attempt in one statement: moves the delivery on (delivered, retrying, failed),
 * inserts the attempt, moves its event's counters of deliveries by state by the delta (and the
 * status they give with them) and, after a success, ends its endpoint's run of failures if it
 * has one. The event row is locked first (by the sub-select the delivery's update checks before
 * it locks the delivery), in the order every writer of an event's deliveries takes, and held for
 * this statement alone. A waiting delivery is pending before its first attempt and retrying
 * after (a CHECK), which is the state the attempt moves it from. The update is conditional on
 * the attempt count the worker claimed, so a stale worker (lease expired meanwhile) records
 * nothing and gets false.
 */
export async function recordAttemptOf(db: Queryable, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const attempt = claimed.attemptCount + 1;
  const status: DeliveryState = outcome.success ? 'delivered' : outcome.nextAttemptAt ? 'retrying' : 'failed';
  const [pending, retrying, delivered, failed] = counterDeltas(waitingState(claimed.attemptCount), status);
  const [row] = await rows<{ recorded: number }>(
    db,
    `WITH changed AS (
       UPDATE webhook.deliveries SET attempt_count = $3, status = $4, next_attempt_at = $5, manual = false
        WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying')
          AND (SELECT true FROM webhook.events WHERE id = $6 FOR UPDATE)
       RETURNING id),
     recorded AS (
       INSERT INTO webhook.attempts (delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, success, response_excerpt)
       SELECT id, $6, $7, $3, $8, $9, $10, $11, $12, $13 FROM changed),
     counted AS (
       UPDATE webhook.events ev
          SET deliveries_pending = ev.deliveries_pending + $14, deliveries_retrying = ev.deliveries_retrying + $15,
              deliveries_delivered = ev.deliveries_delivered + $16, deliveries_failed = ev.deliveries_failed + $17,
              delivery_status = webhook.event_delivery_status(ev.deliveries_pending + $14, ev.deliveries_retrying + $15,
                                                              ev.deliveries_delivered + $16, ev.deliveries_failed + $17)
        WHERE ev.id = $6 AND EXISTS (SELECT 1 FROM changed)),
     healthy AS (
       UPDATE webhook.endpoints SET failing_since = NULL
        WHERE $12 AND id = $7 AND failing_since IS NOT NULL AND EXISTS (SELECT 1 FROM changed))
     SELECT count(*)::int AS recorded FROM changed`,
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
      pending,
      retrying,
      delivered,
      failed,
    ],
  );
  return row!.recorded > 0;
}
