export * from './codes.js';
export * from './schemas/common.js';
export * from './schemas/consents.js';
export * from './schemas/vrps.js';
export { fromObAmount, toObAmount } from './amounts.js';
export {
  JWS_SIGNATURE_HEADER,
  SIGNATURE_ERROR_CODES,
  SignatureError,
  signMessage,
  verifyMessage,
  type MessageSigner,
  type SignatureExpectations,
  type SignatureProblem,
} from './jws.js';
export {
  eventSubject,
  obEventNotification,
  obEventSubject,
  signEventNotification,
  subjectResource,
  verifyEventNotification,
  type ObEventNotification,
  type ObEventSubject,
} from './event-notifications.js';
export { FAPI_INTERACTION_ID_HEADER, IDEMPOTENCY_KEY_HEADER } from './headers.js';
export { calendarDay, limitPeriod, periodAnchor, validityBreach, type LimitPeriod } from './periodic-limits.js';
export { PAYOUTS_PATH, payoutRequest, payoutResponse, type PayoutRequest, type PayoutResponse } from './schemas/payouts.js';
