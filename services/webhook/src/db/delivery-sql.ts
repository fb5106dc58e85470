/**
 * The delivery worker's hot path in typed raw SQL on the service's pool: a claim that returns
 * what an attempt needs (the endpoint and the event with each delivery), and the recording of
 * an attempt. The rest of the service's statements are in the other db/ modules, on the same pool.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import { waitingState, type DeliveryState } from '../domain/delivery-status.js';
import { rows, type Queryable } from '@vrp/sql';
import type { AttemptOutcome, ClaimedDelivery } from './deliveries.js';

/** A claimed delivery with its endpoint and event as they were when it was claimed. */
export interface ClaimedWork extends ClaimedDelivery {
  /** The merchant, on whose clock the delivery's times are kept. */
  merchantId: string;
  /** How far the merchant's clock ran ahead of the wall clock when the claim found the delivery due. */
  clockOffsetMs: number;
  /** The throttle slot (wall clock) the delivery reserved and waited for; null when it has none. */
  rateSlotAt: Date | null;
  endpoint: {
    id: string;
    url: string;
    status: string;
    secretCiphertext: string;
    previousSecrets: JsonValue;
    /** vrp or standard_webhooks: which headers sign its deliveries. */
    signatureScheme: string;
    /** The merchant's throttle in deliveries a second; null: none. */
    rateLimitPerSecond: number | null;
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
  offset_ms: number;
  url: string;
  endpoint_status: string;
  secret_ciphertext: string;
  previous_secrets: JsonValue;
  signature_scheme: string;
  rate_limit_per_second: number | null;
  rate_slot_at: Date | null;
  failing_since: Date | null;
  event_type: string;
  event_created_at: Date;
  data: string;
  traceparent: string | null;
}

/** A replica's attempts in flight per endpoint, and how many one endpoint may have at once. */
export interface EndpointCap {
  /** At most this many attempts in flight to one endpoint (WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT). */
  maxInFlight: number;
  /** Attempts in flight now, by endpoint id (endpoints with none may be left out). */
  inFlight: ReadonlyMap<string, number>;
}

/**
 * Claims up to `limit` due deliveries with their endpoints and events, in one statement: rows
 * are picked with FOR UPDATE SKIP LOCKED (replicas never pick the same row) and leased until
 * `leaseUntil` on the wall clock (leased_until, with next_attempt_at moved there too), so the
 * HTTP call happens outside any transaction and a crashed worker's delivery becomes due again
 * once the lease is over, however far a sandbox clock moves meanwhile. Times are each
 * merchant's: a sandbox merchant's clock runs its offset (webhook.merchant_clocks) ahead of
 * `now`, and `maxOffsetMs`, the largest offset, bounds the index range looked at (0 in
 * production: the range is `now`'s alone). Each claimed delivery carries the offset the claim
 * used, so its attempt is timed on that clock even before this replica hears of an advance.
 *
 * With `cap`, no endpoint gets more than its room (`maxInFlight` less its attempts in flight):
 * endpoints with no room are left out of the scan altogether, so the oldest due rows of a busy
 * endpoint never hold back the others', and of the rows scanned (a few times `limit`, oldest
 * first) each endpoint's oldest take its room. What is left stays due and unclaimed, for a later
 * claim of this replica or another's; nothing is postponed or counted as an attempt.
 */
export async function claimDueWork(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
  maxOffsetMs = 0,
  cap?: EndpointCap,
): Promise<ClaimedWork[]> {
  const maxInFlight = cap?.maxInFlight ?? limit;
  const full: string[] = [];
  const busy: string[] = [];
  const room: number[] = [];
  for (const [endpointId, n] of cap?.inFlight ?? []) {
    if (n >= maxInFlight) full.push(endpointId);
    else if (n > 0) {
      busy.push(endpointId);
      room.push(maxInFlight - n);
    }
  }
  const claimed = await rows<ClaimRow>(
    db,
    `WITH candidates AS (
       SELECT d.id, d.endpoint_id, d.next_attempt_at, coalesce(mc.offset_ms, 0) AS offset_ms FROM webhook.deliveries d
         LEFT JOIN webhook.merchant_clocks mc ON mc.merchant_id = d.merchant_id
        WHERE d.next_attempt_at <= $1::timestamptz + $4 * interval '1 millisecond'
          AND d.next_attempt_at <= $1::timestamptz + coalesce(mc.offset_ms, 0) * interval '1 millisecond'
          AND d.endpoint_id <> ALL($5::text[])
          AND (d.leased_until IS NULL OR d.leased_until <= $1)
        ORDER BY d.next_attempt_at LIMIT $8),
     ranked AS (
       SELECT c.*, row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS n FROM candidates c),
     allowed AS (
       SELECT r.id, r.next_attempt_at, r.offset_ms FROM ranked r
         LEFT JOIN unnest($6::text[], $7::int[]) AS b(endpoint_id, room) ON b.endpoint_id = r.endpoint_id
        WHERE r.n <= coalesce(b.room, $9)),
     due AS (
       SELECT d.id, a.offset_ms FROM webhook.deliveries d JOIN allowed a ON a.id = d.id
        WHERE d.next_attempt_at <= $1::timestamptz + a.offset_ms * interval '1 millisecond'
          AND (d.leased_until IS NULL OR d.leased_until <= $1)
        ORDER BY a.next_attempt_at LIMIT $3 FOR UPDATE OF d SKIP LOCKED),
     claimed AS (
       UPDATE webhook.deliveries d SET next_attempt_at = $2::timestamptz + due.offset_ms * interval '1 millisecond', leased_until = $2
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at, d.rate_slot_at, due.offset_ms)
     SELECT c.id::text AS id, c.merchant_id, c.event_id, c.endpoint_id, c.attempt_count, c.max_attempts, c.manual, c.window_started_at,
            c.offset_ms::float8 AS offset_ms, c.rate_slot_at, e.rate_limit_per_second,
            e.url, e.status AS endpoint_status, e.secret_ciphertext, e.previous_secrets, e.signature_scheme, e.failing_since,
            ev.event_type, ev.created_at AS event_created_at, ev.data, ev.traceparent
       FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id`,
    [now, leaseUntil, limit, maxOffsetMs, full, busy, room, limit * 4, maxInFlight],
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
    clockOffsetMs: r.offset_ms,
    rateSlotAt: r.rate_slot_at,
    endpoint: {
      id: r.endpoint_id,
      url: r.url,
      status: r.endpoint_status,
      secretCiphertext: r.secret_ciphertext,
      previousSecrets: r.previous_secrets,
      signatureScheme: r.signature_scheme,
      rateLimitPerSecond: r.rate_limit_per_second,
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

/** An attempt to record: the delivery as it was claimed and what happened. */
export interface AttemptToRecord {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
}

/**
 * Records attempts in one statement however many there are: moves each delivery on
 * (delivered, retrying, failed), inserts its attempt and moves its event's counters of
 * deliveries by state by the deltas (and the status they give with them). The events are
 * locked first, in id order (by the sub-select every delivery's update checks before it locks
 * a delivery), the order every writer of an event's deliveries takes, and held for this
 * statement alone. A waiting delivery is pending before its first attempt and retrying after
 * (a CHECK), which is the state an attempt moves it from. Each update is conditional on the
 * attempt count the worker claimed, so a stale worker (lease expired meanwhile) records nothing
 * and gets false for it. Then, in a statement of its own, a success ends its endpoint's run of
 * failures if it has one (nothing is locked at a healthy endpoint). Deliveries must be distinct.
 */
export async function recordAttempts(db: Queryable, attempts: AttemptToRecord[]): Promise<boolean[]> {
  if (new Set(attempts.map((a) => a.claimed.id)).size !== attempts.length) throw new Error('a delivery twice in one batch');
  const rowsOf = attempts.map(({ claimed, outcome }) => {
    const status: DeliveryState = outcome.success ? 'delivered' : outcome.nextAttemptAt ? 'retrying' : 'failed';
    return { claimed, outcome, status, deltas: counterDeltas(waitingState(claimed.attemptCount), status) };
  });
  const column = <T>(f: (r: (typeof rowsOf)[number]) => T) => rowsOf.map(f);
  const recorded = await rows<{ id: string }>(
    db,
    `WITH input AS (
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::timestamptz[], $8::int[],
                            $9::int[], $10::text[], $11::bool[], $12::text[], $13::int[], $14::int[], $15::int[], $16::int[])
         AS i(id, attempt_count, status, next_attempt_at, event_id, endpoint_id, attempted_at, status_code, latency_ms, error, success,
              response_excerpt, d_pending, d_retrying, d_delivered, d_failed)),
     changed AS (
       UPDATE webhook.deliveries d
          SET attempt_count = i.attempt_count + 1, status = i.status, next_attempt_at = i.next_attempt_at, manual = false,
              leased_until = NULL
         FROM input i
        WHERE d.id = i.id AND d.attempt_count = i.attempt_count AND d.status IN ('pending', 'retrying')
          AND (SELECT count(*) FROM (SELECT 1 FROM webhook.events WHERE id = ANY($5::text[]) ORDER BY id FOR UPDATE) locked) >= 0
       RETURNING d.id),
     done AS (
       SELECT i.* FROM changed c JOIN input i ON i.id = c.id),
     recorded AS (
       INSERT INTO webhook.attempts (delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, success, response_excerpt)
       SELECT id, event_id, endpoint_id, attempt_count + 1, attempted_at, status_code, latency_ms, error, success, response_excerpt FROM done),
     counted AS (
       UPDATE webhook.events ev
          SET deliveries_pending = ev.deliveries_pending + s.p, deliveries_retrying = ev.deliveries_retrying + s.r,
              deliveries_delivered = ev.deliveries_delivered + s.d, deliveries_failed = ev.deliveries_failed + s.f,
              delivery_status = webhook.event_delivery_status(ev.deliveries_pending + s.p, ev.deliveries_retrying + s.r,
                                                              ev.deliveries_delivered + s.d, ev.deliveries_failed + s.f)
         FROM (SELECT event_id, sum(d_pending)::int AS p, sum(d_retrying)::int AS r, sum(d_delivered)::int AS d, sum(d_failed)::int AS f
                 FROM done GROUP BY event_id) s
        WHERE ev.id = s.event_id)
     SELECT id::text AS id FROM done`,
    [
      column((r) => r.claimed.id.toString()),
      column((r) => r.claimed.attemptCount),
      column((r) => r.status),
      column((r) => (r.outcome.success ? null : r.outcome.nextAttemptAt)),
      column((r) => r.claimed.eventId),
      column((r) => r.claimed.endpointId),
      column((r) => r.outcome.attemptedAt),
      column((r) => r.outcome.statusCode),
      column((r) => r.outcome.latencyMs),
      column((r) => r.outcome.error),
      column((r) => r.outcome.success),
      column((r) => r.outcome.responseExcerpt),
      column((r) => r.deltas[0]),
      column((r) => r.deltas[1]),
      column((r) => r.deltas[2]),
      column((r) => r.deltas[3]),
    ],
  );
  const done = new Set(recorded.map((r) => r.id));
  const healthy = [
    ...new Set(rowsOf.filter((r) => r.outcome.success && done.has(r.claimed.id.toString())).map((r) => r.claimed.endpointId)),
  ];
  if (healthy.length > 0) {
    // Locked in id order, so two of these never wait for each other crosswise.
    await db.query(
      `UPDATE webhook.endpoints SET failing_since = NULL
        WHERE id IN (SELECT id FROM webhook.endpoints WHERE id = ANY($1::text[]) AND failing_since IS NOT NULL ORDER BY id FOR UPDATE)`,
      [healthy],
    );
  }
  return rowsOf.map((r) => done.has(r.claimed.id.toString()));
}

/** Records one attempt (recordAttempts of one). */
export async function recordAttemptOf(db: Queryable, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const [recorded] = await recordAttempts(db, [{ claimed, outcome }]);
  return recorded!;
}
