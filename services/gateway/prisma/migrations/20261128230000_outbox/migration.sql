-- The gateway's outbox: export.completed is written here in the transaction that completes the
-- export, and an OutboxRelay publishes it to JetStream with the event id as the message id, as
-- every service does with its own outbox (the same columns, the same notify trigger and index).
CREATE TABLE "gateway"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "traceparent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "gateway"."outbox_events"("event_id");

-- Hand-written: the relay reads only unpublished rows, in seq order (a partial index).
CREATE INDEX "outbox_events_unpublished_seq_idx" ON "gateway"."outbox_events"("seq") WHERE "published_at" IS NULL;

-- Hand-written: every committed insert wakes the relays listening on gateway_outbox.
-- The function body is an E'' string whose statement ends are written \073.
CREATE FUNCTION "gateway".notify_outbox() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''gateway_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "gateway"."outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "gateway".notify_outbox();
