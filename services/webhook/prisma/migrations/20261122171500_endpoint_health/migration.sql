-- Endpoint health and secret rotation.
-- A deleted endpoint is gone for the merchant (404 everywhere) but its row stays, because the
-- attempts recorded on past events refer to it. Until now deleting was the only way to disable
-- an endpoint, so every disabled endpoint was a deleted one.
ALTER TABLE "webhook"."endpoints" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
UPDATE "webhook"."endpoints" SET "deleted_at" = COALESCE("disabled_at", now()) WHERE "status" = 'disabled';

-- Why an endpoint is disabled: its receiver answered 410 Gone, it kept failing, or the merchant said so.
ALTER TABLE "webhook"."endpoints" ADD COLUMN "disabled_reason" TEXT;
UPDATE "webhook"."endpoints" SET "disabled_reason" = 'merchant' WHERE "status" = 'disabled';
ALTER TABLE "webhook"."endpoints"
  ADD CONSTRAINT "endpoints_disabled_reason_check"
  CHECK (("status" = 'disabled') = ("disabled_reason" IS NOT NULL) AND "disabled_reason" IN ('gone', 'failing', 'merchant'));

-- Start of the current run of failed attempts (null after a success), for auto-disabling.
ALTER TABLE "webhook"."endpoints" ADD COLUMN "failing_since" TIMESTAMPTZ(3);

-- Every replaced secret keeps signing for 24 h from its own rotation, so several may be live:
-- a list of {"ciphertext", "valid_until"} replaces the single previous slot.
ALTER TABLE "webhook"."endpoints" ADD COLUMN "previous_secrets" JSONB NOT NULL DEFAULT '[]';
UPDATE "webhook"."endpoints"
   SET "previous_secrets" = jsonb_build_array(jsonb_build_object(
         'ciphertext', "previous_secret_ciphertext",
         'valid_until', to_char("previous_secret_valid_until" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
 WHERE "previous_secret_ciphertext" IS NOT NULL AND "previous_secret_valid_until" IS NOT NULL;
ALTER TABLE "webhook"."endpoints" DROP COLUMN "previous_secret_ciphertext";
ALTER TABLE "webhook"."endpoints" DROP COLUMN "previous_secret_valid_until";
ALTER TABLE "webhook"."endpoints" ADD CONSTRAINT "endpoints_previous_secrets_check" CHECK (jsonb_typeof("previous_secrets") = 'array');

-- A manual retry or replay attempts at once, whatever the endpoint's circuit breaker says.
ALTER TABLE "webhook"."deliveries" ADD COLUMN "manual" BOOLEAN NOT NULL DEFAULT false;
