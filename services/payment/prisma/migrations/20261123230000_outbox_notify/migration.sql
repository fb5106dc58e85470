-- Hand-written: every committed insert into the outbox wakes the relays listening on payment_outbox
-- (LISTEN/NOTIFY), so no relay has to poll for rows another replica committed. Postgres delivers a
-- notification at commit and folds repeats within one transaction into one.
CREATE FUNCTION "payment".notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payment_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "payment"."outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment".notify_outbox();
