import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How long a replaced secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
/** Secrets should be rotated every 90 days; `secret_expires_at` tells the merchant when. */
export const SECRET_LIFETIME_MS = 90 * 24 * 3600 * 1000;

/**
 * A fresh signing secret as merchants see it: `whsec_` + 32 random bytes in standard base64, the
 * Standard Webhooks secret format, so every endpoint's secret works with either signature scheme.
 * (Secrets issued before were base64url; the vrp scheme keys with the string, so they keep working.)
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The ways an endpoint's deliveries can be signed (docs/webhooks.md, "Standard Webhooks"). */
export const SIGNATURE_SCHEMES = ['vrp', 'standard_webhooks'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/** A key that seals signing secrets, with its id. */
export interface SealingKey {
  /** 8 hex digits derived from the key (secretKeyId): stored with every secret it sealed. */
  id: string;
  key: Buffer;
}

/**
 * A key's id: the first 8 hex digits of a SHA-256 of it (domain-separated). Derived, so a key has
 * the same id wherever and however it is listed, and the id says nothing usable about the key.
 */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('vrp webhook secret key\0').update(key).digest('hex').slice(0, 8);
}

/**
 * The keys WEBHOOK_SECRET_KEY lists, the first of which seals (list the newest first); every one
 * of them opens what it sealed. Rotating the key online is listing the new one after the old
 * (every replica learns it), then before it (new secrets and the re-seal job use it), then alone
 * once the re-seal job has moved every stored secret to it.
 */
export class SecretKeyring {
  readonly keys: readonly SealingKey[];

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('a keyring needs a key');
    const seen = new Map<string, SealingKey>();
    for (const key of keys) {
      const id = secretKeyId(key);
      if (!seen.has(id)) seen.set(id, { id, key });
    }
    this.keys = [...seen.values()];
  }

  /** The key new secrets are sealed with. */
  get sealing(): SealingKey {
    return this.keys[0]!;
  }

  byId(id: string): SealingKey | undefined {
    return this.keys.find((k) => k.id === id);
  }
}

const part = (p: Buffer) => p.toString('base64url');

/**
 * Encrypts a signing secret for storage with AES-256-GCM under the keyring's sealing key. The
 * endpoint id is bound in as associated data, so a ciphertext copied onto another endpoint fails
 * to decrypt. Format: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts): the id of the key
 * that sealed it travels with it.
 */
export function sealSecret(ring: SecretKeyring, endpointId: string, secret: string): string {
  const { id, key } = ring.sealing;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(endpointId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v2', id, part(iv), part(cipher.getAuthTag()), part(body)].join('.');
}

/** The id of the key that sealed `sealed`; null for the first format (`v1.`), which carries none. */
export function sealedKeyId(sealed: string): string | null {
  const [version, id] = sealed.split('.');
  return version === 'v2' && id ? id : null;
}

function decrypt(key: Buffer, endpointId: string, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(endpointId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Recovers a secret sealed by sealSecret with whichever listed key sealed it; throws when no
 * listed key has its id, or the key, endpoint or text do not match. The first format (`v1.`,
 * sealed before keys had ids) is opened by whichever listed key authenticates it.
 */
export function openSecret(ring: SecretKeyring, endpointId: string, sealed: string): string {
  const parts = sealed.split('.');
  if (parts[0] === 'v2' && parts.length === 5) {
    const [, id, iv, tag, body] = parts as [string, string, string, string, string];
    const key = ring.byId(id);
    if (!key) throw new Error(`sealed with key ${id}, which WEBHOOK_SECRET_KEY does not list`);
    return decrypt(key.key, endpointId, iv, tag, body);
  }
  if (parts[0] === 'v1' && parts.length === 4) {
    const [, iv, tag, body] = parts as [string, string, string, string];
    for (const { key } of ring.keys) {
      try {
        return decrypt(key, endpointId, iv, tag, body);
      } catch {
        // Another key sealed it (or none of these): try the next.
      }
    }
    throw new Error('sealed (without a key id) by none of the keys WEBHOOK_SECRET_KEY lists');
  }
  throw new Error('unrecognised sealed secret');
}
