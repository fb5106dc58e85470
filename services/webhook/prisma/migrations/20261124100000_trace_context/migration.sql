-- The trace context each event arrived with: its deliveries continue that trace.
ALTER TABLE "webhook"."events" ADD COLUMN "traceparent" TEXT;
