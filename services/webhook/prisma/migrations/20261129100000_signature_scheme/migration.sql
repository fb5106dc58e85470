-- How an endpoint's deliveries are signed: 'vrp' (X-SVC-Signature, every endpoint so far) or
-- 'standard_webhooks' (webhook-id / webhook-timestamp / webhook-signature).
ALTER TABLE "webhook"."endpoints"
  ADD COLUMN "signature_scheme" TEXT NOT NULL DEFAULT 'vrp',
  ADD CONSTRAINT "endpoints_signature_scheme_check" CHECK ("signature_scheme" IN ('vrp', 'standard_webhooks'));
