-- Hand-written: every committed insert into the outbox wakes the relays listening on mandate_outbox
-- (LISTEN/NOTIFY), so no relay has to poll for rows another replica committed. Postgres delivers a
-- notification at commit and folds repeats within one transaction into one.
CREATE FUNCTION "mandate".notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mandate_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "mandate"."outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "mandate".notify_outbox();
