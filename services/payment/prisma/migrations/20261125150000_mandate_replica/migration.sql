-- The replica of an active mandate's terms, so a payment create need not ask the mandate service.
-- terms/terms_version: the terms as the mandate service pushed them (or a create read them) at
-- that version, kept only while the mandate is active, null otherwise.
-- fence: the mandate service sets it (and clears terms) before and after every move out of
-- active, under this row's lock. A create that relied on the replica is refused unless terms are
-- still there at the version it read, and one that asked the mandate service is refused when its
-- version is below the fence. Terms are kept only at a version above the fence.
ALTER TABLE "payment"."mandate_gates"
    ADD COLUMN "terms" JSONB,
    ADD COLUMN "terms_version" BIGINT,
    ADD COLUMN "fence" BIGINT NOT NULL DEFAULT 0;
