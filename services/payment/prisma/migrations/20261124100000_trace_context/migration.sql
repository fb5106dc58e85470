-- The trace context of the change that wrote each event, handed on in the message headers.
ALTER TABLE "payment"."outbox_events" ADD COLUMN "traceparent" TEXT;
