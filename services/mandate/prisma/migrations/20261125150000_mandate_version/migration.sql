-- Every lifecycle move raises a mandate's version. The payment service keeps a replica of an
-- active mandate's terms at a version, and the mandate service fences it with the version it
-- reached before and after every move out of active (see the payment service's mandate_gates).
-- It starts at 1: the payment service's fences start at 0, and terms are kept only above a fence.
ALTER TABLE "mandate"."mandates" ADD COLUMN "version" BIGINT NOT NULL DEFAULT 1;
