/** The HTTP header that carries the signature (HTTP header names are case-insensitive). */
export const SIGNATURE_HEADER = 'X-SVC-Signature';

/** The only signature scheme so far: HMAC-SHA256 over `<timestamp>.<raw body>`, lowercase hex. */
export const SIGNATURE_SCHEME = 'v1';

/** How far (seconds) a timestamp may lie in the past or the future: five minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
