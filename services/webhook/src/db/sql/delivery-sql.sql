/* @name ClaimDueWork */
WITH candidates AS (
  SELECT d.id, d.endpoint_id, d.next_attempt_at, coalesce(mc.offset_ms, 0) AS offset_ms FROM webhook.deliveries d
    LEFT JOIN webhook.merchant_clocks mc ON mc.merchant_id = d.merchant_id
   WHERE d.next_attempt_at <= :now!::timestamptz + :maxOffsetMs! * interval '1 millisecond'
     AND d.next_attempt_at <= :now!::timestamptz + coalesce(mc.offset_ms, 0) * interval '1 millisecond'
     AND d.endpoint_id <> ALL(:full!::text[])
     AND (d.leased_until IS NULL OR d.leased_until <= :now!)
   ORDER BY d.next_attempt_at LIMIT :scanLimit!),
ranked AS (
  SELECT c.*, row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS n FROM candidates c),
allowed AS (
  SELECT r.id, r.next_attempt_at, r.offset_ms FROM ranked r
    LEFT JOIN unnest(:busy!::text[], :room!::int[]) AS b(endpoint_id, room) ON b.endpoint_id = r.endpoint_id
   WHERE r.n <= coalesce(b.room, :maxInFlight!)),
due AS (
  SELECT d.id, a.offset_ms FROM webhook.deliveries d JOIN allowed a ON a.id = d.id
   WHERE d.next_attempt_at <= :now!::timestamptz + a.offset_ms * interval '1 millisecond'
     AND (d.leased_until IS NULL OR d.leased_until <= :now!)
   ORDER BY a.next_attempt_at LIMIT :limit! FOR UPDATE OF d SKIP LOCKED),
claimed AS (
  UPDATE webhook.deliveries d SET next_attempt_at = :leaseUntil!::timestamptz + due.offset_ms * interval '1 millisecond', leased_until = :leaseUntil!
    FROM due WHERE d.id = due.id
  RETURNING d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at, d.rate_slot_at, due.offset_ms)
SELECT c.id::text AS "id!", c.merchant_id AS "merchantId!", c.event_id AS "eventId!", c.endpoint_id AS "endpointId!",
       c.attempt_count AS "attemptCount!", c.max_attempts AS "maxAttempts!", c.manual AS "manual!", c.window_started_at AS "windowStartedAt!",
       c.offset_ms::float8 AS "offsetMs!", c.rate_slot_at AS "rateSlotAt", e.rate_limit_per_second AS "rateLimitPerSecond",
       e.url, e.status AS "endpointStatus", e.secret_ciphertext AS "secretCiphertext", e.previous_secrets AS "previousSecrets",
       e.signature_scheme AS "signatureScheme", e.failing_since AS "failingSince",
       ev.event_type AS "eventType", ev.created_at AS "eventCreatedAt", ev.data, ev.traceparent
  FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id;

/* @name RecordAttempts */
WITH input AS (
  SELECT * FROM unnest(:ids!::bigint[], :attemptCounts!::int[], :statuses!::text[], :nextAttemptAts!::timestamptz[], :eventIds!::text[],
                       :endpointIds!::text[], :attemptedAts!::timestamptz[], :statusCodes!::int[], :latenciesMs!::int[], :errors!::text[],
                       :successes!::bool[], :responseExcerpts!::text[], :dPending!::int[], :dRetrying!::int[], :dDelivered!::int[], :dFailed!::int[])
    AS i(id, attempt_count, status, next_attempt_at, event_id, endpoint_id, attempted_at, status_code, latency_ms, error, success,
         response_excerpt, d_pending, d_retrying, d_delivered, d_failed)),
changed AS (
  UPDATE webhook.deliveries d
     SET attempt_count = i.attempt_count + 1, status = i.status, next_attempt_at = i.next_attempt_at, manual = false,
         leased_until = NULL
    FROM input i
   WHERE d.id = i.id AND d.attempt_count = i.attempt_count AND d.status IN ('pending', 'retrying')
     AND (SELECT count(*) FROM (SELECT 1 FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE) locked) >= 0
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
SELECT id::text AS "id!" FROM done;

/* @name EndFailingRuns */
UPDATE webhook.endpoints SET failing_since = NULL
 WHERE id IN (SELECT id FROM webhook.endpoints WHERE id = ANY(:endpointIds!::text[]) AND failing_since IS NOT NULL ORDER BY id FOR UPDATE);
