export { computeSignature } from './compute-signature.js';
export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, SIGNATURE_SCHEME } from './constants.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
export { expressVerifier, type ExpressVerifierOptions, type WebhookRequest, type WebhookResponse } from './express-verifier.js';
export { parseSignatureHeader, type ParsedSignatureHeader } from './parse-signature-header.js';
export { signatureHeader } from './signature-header.js';
export { verifyWebhook, type VerifyWebhookOptions } from './verify-webhook.js';
export type { WebhookEvent } from './webhook-event.js';
export {
  STANDARD_HEADERS,
  standardSecretKey,
  standardSignature,
  standardWebhookHeaders,
  verifyStandardWebhook,
  type VerifyStandardWebhookOptions,
} from './standard-webhooks.js';
export { verifyEvent, type VerifyEventOptions } from './verify-event.js';
export {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  OPERATIONAL_EVENT_CATALOGUE,
  RESOURCE_EVENT_CATALOGUE,
  RESOURCE_EVENT_TYPES,
  type EventType,
  type EventTypeEntry,
  type ResourceEventType,
} from './events/catalogue.js';
export { EVENT_SCHEMAS, vrpEventSchema, type VrpEvent, type VrpEventOf } from './events/vrp-event.js';
export {
  EXPORT_FORMATS,
  EXPORT_STATUSES,
  EXPORT_TYPES,
  exportResource,
  mandateRequestResource,
  mandateResource,
  paymentResource,
  refundResource,
  scheduleResource,
  webhookEndpointResource,
} from './events/resources.js';
export {
  CLEARING_STATUSES,
  DISABLED_REASONS,
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  MANDATE_REQUEST_STATUSES,
  MANDATE_STATUSES,
  METADATA_LIMITS,
  FAILURE_ORIGINS,
  PAYMENT_FAILURE_CODES,
  PAYMENT_FAILURES,
  PLATFORM_FAILURE_DESCRIPTIONS,
  PLATFORM_FAILURE_FALLBACK,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REVOCATION_REASONS,
  SCHEDULE_CANCEL_CAUSES,
  SCHEDULE_INTERVAL_UNITS,
  SCHEDULE_ON_LIMIT,
  SCHEDULE_STATUSES,
  SIGNATURE_SCHEMES,
  SUSPENSION_REASONS,
  VRP_TYPES,
  type PaymentFailureCode,
  WEBHOOK_ENDPOINT_STATUSES,
} from './events/vocabulary.js';
