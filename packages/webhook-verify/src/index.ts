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
