-- CreateTable
CREATE TABLE "webhook"."manual_retry_budgets" (
    "merchant_id" TEXT NOT NULL,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL,
    "used" INTEGER NOT NULL,

    CONSTRAINT "manual_retry_budgets_pkey" PRIMARY KEY ("merchant_id")
);
