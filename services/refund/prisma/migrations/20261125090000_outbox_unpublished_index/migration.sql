-- Hand-written: the relay reads the oldest unpublished rows, in seq order, on every pass. An index
-- on (published_at, seq) still held an entry for every row ever committed with published_at NULL:
-- marking a row published leaves its old entry behind until VACUUM, and a bitmap scan visits the
-- heap for each such entry, so each read cost more the longer the table went without a vacuum.
-- This partial index holds only unpublished rows. The relay reads it with a plain index scan,
-- which marks the entries of rows it finds already published as dead, so later reads skip them.
DROP INDEX "refund"."outbox_events_published_at_seq_idx";

CREATE INDEX "outbox_events_unpublished_seq_idx" ON "refund"."outbox_events"("seq") WHERE "published_at" IS NULL;
