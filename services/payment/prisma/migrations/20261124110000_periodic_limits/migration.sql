-- What each periodic limit of a mandate has used in one period, with the limit's caps beside the
-- counters: the CHECKs make the caps the database's, so concurrent payments can never exceed them.
CREATE TABLE "payment"."period_usage" (
    "mandate_id" TEXT NOT NULL,
    "usage_key" TEXT NOT NULL,
    "max_amount_minor" BIGINT,
    "max_payments" INTEGER,
    "amount_minor" BIGINT NOT NULL DEFAULT 0,
    "payments" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "period_usage_pkey" PRIMARY KEY ("mandate_id", "usage_key"),
    CONSTRAINT "period_usage_amount_cap" CHECK ("max_amount_minor" IS NULL OR "amount_minor" <= "max_amount_minor"),
    CONSTRAINT "period_usage_payments_cap" CHECK ("max_payments" IS NULL OR "payments" <= "max_payments"),
    CONSTRAINT "period_usage_not_negative" CHECK ("amount_minor" >= 0 AND "payments" >= 0)
);

-- The periods a payment is counted in. `counted` is false while it is failed (a retry counts it again).
CREATE TABLE "payment"."payment_usage" (
    "payment_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "usage_key" TEXT NOT NULL,
    "counted" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "payment_usage_pkey" PRIMARY KEY ("payment_id", "usage_key")
);

ALTER TABLE "payment"."payment_usage" ADD CONSTRAINT "payment_usage_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"."payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
