-- An event's delivery status follows from counters of its deliveries by state, kept on the
-- event row. An attempt changes them by its delta in the statement that records it, so the
-- attempts on one event's deliveries hold the event row for one statement each rather than for
-- a transaction of several round trips (they had queued on it). Paths that change many
-- deliveries at once (retry, replay, a disabled endpoint) recount them under the event's lock.

-- The status of counts of deliveries pending, retrying, delivered and failed (as the domain's
-- eventDeliveryStatus): delivered when there is nothing to deliver or all were delivered,
-- pending until anything was attempted, retrying while any waits, else delivery_failed.
CREATE FUNCTION "webhook"."event_delivery_status"(pending INTEGER, retrying INTEGER, delivered INTEGER, failed INTEGER)
  RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
      WHEN pending + retrying + failed = 0 THEN 'delivered'
      WHEN retrying + delivered + failed = 0 THEN 'pending'
      WHEN pending + retrying > 0 THEN 'retrying'
      ELSE 'delivery_failed' END $$;

-- A waiting delivery is pending before its first attempt and retrying after it, so an attempt
-- knows the state it moves its delivery from (and the counter it takes one from).
UPDATE "webhook"."deliveries" SET "status" = CASE WHEN "attempt_count" = 0 THEN 'pending' ELSE 'retrying' END
 WHERE "status" IN ('pending', 'retrying');
ALTER TABLE "webhook"."deliveries"
  ADD CONSTRAINT "deliveries_waiting_state_check"
    CHECK ("status" NOT IN ('pending', 'retrying') OR ("status" = 'pending') = ("attempt_count" = 0));

ALTER TABLE "webhook"."events"
  ADD COLUMN "deliveries_pending" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "deliveries_retrying" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "deliveries_delivered" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "deliveries_failed" INTEGER NOT NULL DEFAULT 0;

UPDATE "webhook"."events" ev
   SET "deliveries_pending" = s.p, "deliveries_retrying" = s.r, "deliveries_delivered" = s.d, "deliveries_failed" = s.f
  FROM (SELECT event_id,
               count(*) FILTER (WHERE status = 'pending')::int AS p,
               count(*) FILTER (WHERE status = 'retrying')::int AS r,
               count(*) FILTER (WHERE status = 'delivered')::int AS d,
               count(*) FILTER (WHERE status = 'failed')::int AS f
          FROM "webhook"."deliveries" GROUP BY event_id) s
 WHERE ev.id = s.event_id;

UPDATE "webhook"."events"
   SET "delivery_status" = "webhook"."event_delivery_status"("deliveries_pending", "deliveries_retrying", "deliveries_delivered", "deliveries_failed");

-- The stored status is always the one its counters give.
ALTER TABLE "webhook"."events"
  ADD CONSTRAINT "events_delivery_counters_check"
    CHECK ("deliveries_pending" >= 0 AND "deliveries_retrying" >= 0 AND "deliveries_delivered" >= 0 AND "deliveries_failed" >= 0),
  ADD CONSTRAINT "events_delivery_status_counters_check"
    CHECK ("delivery_status" = "webhook"."event_delivery_status"("deliveries_pending", "deliveries_retrying", "deliveries_delivered", "deliveries_failed"));
