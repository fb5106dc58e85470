-- VRP consent controls (validity window, periodic limits), as checked at creation. NULL: none.
ALTER TABLE "mandate"."mandates" ADD COLUMN "controls" JSONB;
