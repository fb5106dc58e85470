-- AlterTable
ALTER TABLE "webhook"."attempts" ADD COLUMN     "response_excerpt" TEXT NOT NULL DEFAULT '';

