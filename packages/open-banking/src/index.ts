export * from './codes.js';
export * from './schemas/common.js';
export * from './schemas/consents.js';
export * from './schemas/vrps.js';
export { fromObAmount, toObAmount } from './amounts.js';
export { JWS_SIGNATURE_HEADER, SignatureError, signMessage, verifyMessage, type MessageSigner, type SignatureExpectations } from './jws.js';
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
