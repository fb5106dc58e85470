import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** One key sealing stored secrets: its id (kept beside each sealed value) and 32 bytes. */
export interface SealingKey {
  id: string;
  key: Buffer;
  /** The key as configured (to recognise the published development key). */
  raw: string;
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses CONNECTOR_SECRET_KEYS: `id:key` pairs, comma-separated, each key 32 bytes as 64 hex
 * characters or base64. The first seals; every one opens (rotation: put the new key first and keep
 * the old ones until nothing sealed with them is left).
 */
export function parseSealingKeys(value: string): SealingKey[] {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      const id = colon > 0 ? part.slice(0, colon) : '';
      const raw = colon > 0 ? part.slice(colon + 1) : '';
      if (!ID.test(id)) throw new Error(`entries must be id:key with an id of letters, digits, '-' or '_', got '${part.slice(0, 12)}…'`);
      const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
      if (key.length !== 32) throw new Error(`key '${id}' must be 32 bytes, as 64 hex characters or base64`);
      return { id, key, raw };
    });
  if (keys.length === 0) throw new Error('must name at least one key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('key ids must be distinct');
  return keys;
}

/** Seals `plaintext` with the first key: `<key id>.<iv>.<ciphertext>.<tag>` (base64url), AES-256-GCM. */
export function seal(keys: readonly SealingKey[], plaintext: string): string {
  const [key] = keys;
  if (!key) throw new Error('no sealing key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(key.id));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [key.id, iv, ciphertext, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens a value `seal` made with any of `keys`; throws when the key is unknown or the value was altered. */
export function unseal(keys: readonly SealingKey[], sealed: string): string {
  const [id, iv, ciphertext, tag] = sealed.split('.');
  const key = keys.find((k) => k.id === id);
  if (!key || !iv || ciphertext === undefined || !tag) throw new Error(`sealed with an unknown key '${id}'`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(key.id));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** SHA-256 of a bearer secret (a link token, a state), hex: what is stored and looked up. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
