-- A take may hand a gateway replica several tokens at once (a lease it spends in memory), so the
-- row says how many the last take gave instead of whether it gave one.
ALTER TABLE "gateway"."rate_limit_buckets" DROP COLUMN "allowed";
ALTER TABLE "gateway"."rate_limit_buckets" ADD COLUMN "granted" INTEGER NOT NULL DEFAULT 0;
