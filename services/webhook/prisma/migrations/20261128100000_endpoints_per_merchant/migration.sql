-- Hand-written: at most 16 live (not deleted) webhook endpoints per merchant. Every insert takes
-- the merchant's transaction-level advisory lock before it counts, so concurrent creates of one
-- merchant are counted one after the other (each count is a statement of its own, which sees what
-- the previous holder of the lock committed), and the 17th is refused with a check_violation
-- named endpoints_per_merchant. Merchants that already had more keep them, and get no new one.
-- The function body is an E'' string whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "webhook".enforce_endpoints_per_merchant() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_advisory_xact_lock(hashtextextended(''webhook.endpoints '' || NEW.merchant_id, 0))\073 IF (SELECT count(*) FROM webhook.endpoints WHERE merchant_id = NEW.merchant_id AND deleted_at IS NULL) >= 16 THEN RAISE EXCEPTION ''merchant % has 16 webhook endpoints already'', NEW.merchant_id USING ERRCODE = ''check_violation'', CONSTRAINT = ''endpoints_per_merchant''\073 END IF\073 RETURN NEW\073 END';

CREATE TRIGGER endpoints_per_merchant BEFORE INSERT ON "webhook"."endpoints"
  FOR EACH ROW EXECUTE FUNCTION "webhook".enforce_endpoints_per_merchant();
