import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** How long a replaced secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
/** Secrets should be rotated every 90 days; `secret_expires_at` tells the merchant when. */
export const SECRET_LIFETIME_MS = 90 * 24 * 3600 * 1000;

/** A fresh signing secret as merchants see it: `whsec_` + 32 random bytes, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Encrypts a signing secret for storage with AES-256-GCM. The endpoint id is bound in as
 * associated data, so a ciphertext copied onto another endpoint fails to decrypt.
 * Format: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
export function sealSecret(key: Buffer, endpointId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(endpointId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Recovers a secret sealed by sealSecret; throws when the key, endpoint or text do not match. */
export function openSecret(key: Buffer, endpointId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(endpointId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
