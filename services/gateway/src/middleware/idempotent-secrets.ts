import { SecretSealer } from '../domain/secret-sealing.js';

/** Fields of an answer that carry a secret shown once (a webhook endpoint's signing secret, an API token). */
const SECRET_FIELDS = ['secret', 'access_token'] as const;

const mayHoldSecret = (text: string) => SECRET_FIELDS.some((f) => text.includes(`"${f}"`));

/** What a sealed field is bound to: the merchant, the key and the field, so it opens in its own record only. */
const contextOf = (merchantId: string, key: string, field: string) => `${merchantId}\n${key}\n${field}`;

/**
 * The answer as it may be stored in an idempotency record: every secret field sealed (its value
 * replaced by `sealed:v1:<key id>:…`), everything else as it was. Nothing secret is kept in plaintext.
 */
export function sealSecrets(text: string, sealer: SecretSealer, merchantId: string, key: string): string {
  if (!mayHoldSecret(text)) return text;
  const body = JSON.parse(text) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return text;
  const fields = body as Record<string, unknown>;
  let sealed = false;
  for (const field of SECRET_FIELDS) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    fields[field] = sealer.seal(value, contextOf(merchantId, key, field));
    sealed = true;
  }
  return sealed ? JSON.stringify(fields) : text;
}

/**
 * The stored answer as it is replayed: each sealed field opened, so the replay repeats the first
 * answer byte for byte. A field whose key is no longer configured (rotated out) is left out: the
 * replay shows the resource without its secret, and `onUnreadable` hears of it.
 */
export function openSecrets(
  text: string,
  sealer: SecretSealer,
  merchantId: string,
  key: string,
  onUnreadable: (field: string) => void,
): string {
  if (!text.includes('"sealed:v1:')) return text;
  const fields = JSON.parse(text) as Record<string, unknown>;
  for (const field of SECRET_FIELDS) {
    const value = fields[field];
    if (!SecretSealer.isSealed(value)) continue;
    const opened = sealer.open(value, contextOf(merchantId, key, field));
    if (opened === undefined) {
      delete fields[field];
      onUnreadable(field);
    } else fields[field] = opened;
  }
  return JSON.stringify(fields);
}
