/** Correlates a request and its answer; a bank plays back the one it was sent. */
export const FAPI_INTERACTION_ID_HEADER = 'x-fapi-interaction-id';

/** Makes a POST safe to repeat: the same key and body answer the same resource. */
export const IDEMPOTENCY_KEY_HEADER = 'x-idempotency-key';
