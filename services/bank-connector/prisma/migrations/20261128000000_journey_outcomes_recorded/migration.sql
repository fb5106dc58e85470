-- Journeys of mandate requests whose outcome the mandate service may not have heard (the platform
-- stopped between the bank's answer and recording it): the consent watcher records them. Generated
-- with prisma migrate diff, plus the hand-written backfill and partial index below.

-- AlterTable
ALTER TABLE "connector"."consents" ADD COLUMN     "outcome_recorded_at" TIMESTAMPTZ(3);

-- Hand-written: journeys that ended before this column existed were recorded as they ended.
UPDATE "connector"."consents" SET "outcome_recorded_at" = "updated_at" WHERE "journey" <> 'open';

-- Hand-written: the watcher looks only at ended journeys of mandate requests not yet recorded.
CREATE INDEX "consents_outcome_unrecorded_idx" ON "connector"."consents" ("updated_at")
  WHERE "outcome_recorded_at" IS NULL AND "mandate_request_id" IS NOT NULL AND "journey" IN ('authorised', 'declined');
