-- One row per mandate that has had a payment or was closed. A payment create takes the row's
-- lock in its own transaction and is refused once the mandate is closed. CloseMandate (called
-- before a cancel answers) waits for that lock, so after it returns no payment under the mandate
-- can commit.
CREATE TABLE "payment"."mandate_gates" (
    "mandate_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    CONSTRAINT "mandate_gates_pkey" PRIMARY KEY ("mandate_id")
);
