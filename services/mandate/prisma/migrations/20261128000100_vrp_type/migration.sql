-- The kind of payments a mandate's consent allows (Open Banking VRPType): commercial (payments to a
-- third party, UK.OBIE.VRPType.Other) or sweeping (the customer's own accounts). Generated with
-- prisma migrate diff, plus the hand-written CHECKs below.

-- AlterTable
ALTER TABLE "mandate"."mandate_requests" ADD COLUMN     "vrp_type" TEXT NOT NULL DEFAULT 'commercial';

-- AlterTable
ALTER TABLE "mandate"."mandates" ADD COLUMN     "vrp_type" TEXT NOT NULL DEFAULT 'commercial';

-- Hand-written: the two kinds there are.
ALTER TABLE "mandate"."mandates" ADD CONSTRAINT "mandates_vrp_type_check" CHECK ("vrp_type" IN ('commercial', 'sweeping'));
ALTER TABLE "mandate"."mandate_requests" ADD CONSTRAINT "mandate_requests_vrp_type_check" CHECK ("vrp_type" IN ('commercial', 'sweeping'));
