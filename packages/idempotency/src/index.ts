export { bindKey, KEY_LIFETIME_MS, KeyTaken, resourceOfKey, type IdempotencyClaim, type RawSql } from './idempotency-keys.js';
