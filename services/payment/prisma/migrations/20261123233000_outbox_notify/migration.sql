-- Hand-written: every committed insert into the outbox wakes the relays listening on payment_outbox
-- (LISTEN/NOTIFY), so a relay need not poll for rows another process committed. Postgres delivers
-- a notification at commit and folds repeats within one transaction into one.
-- The function body is an E'' string whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "payment".notify_outbox() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''payment_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "payment"."outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment".notify_outbox();
