-- The trace context of the change that wrote each event, handed on in the message headers.
ALTER TABLE "mandate"."outbox_events" ADD COLUMN "traceparent" TEXT;
