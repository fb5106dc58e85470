-- CreateTable
CREATE TABLE "webhook"."endpoint_circuits" (
    "endpoint_id" TEXT NOT NULL,
    "open_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "endpoint_circuits_pkey" PRIMARY KEY ("endpoint_id")
);
