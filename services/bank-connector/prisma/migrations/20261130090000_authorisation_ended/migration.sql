-- When an authorisation's answer was dealt with (the consent authorised, or this attempt failed).
-- An attempt neither ended nor expired is still in flight: a failure of another attempt of the same
-- consent (a second tab, or the sandbox approving twice) does not end the journey under it.
ALTER TABLE "connector"."authorisations" ADD COLUMN "ended_at" TIMESTAMPTZ(3);
