import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A key that seals secrets kept at rest, named by an id stored beside each sealed value (so keys can be rotated). */
export interface SealingKey {
  id: string;
  key: Buffer;
}

const PREFIX = 'sealed:v1:';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** One key from `id:<64 hex digits>` or `id:<base64 of 32 bytes>`; throws a message naming what is wrong. */
function parseKey(entry: string): SealingKey {
  const colon = entry.indexOf(':');
  const id = entry.slice(0, colon);
  const text = entry.slice(colon + 1);
  if (colon < 1 || !KEY_ID.test(id))
    throw new Error(`each key must be <id>:<key> with an id of letters, digits, - or _ (got '${entry.slice(0, 40)}')`);
  if (/^[0-9a-fA-F]{64}$/.test(text)) return { id, key: Buffer.from(text, 'hex') };
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) return { id, key: Buffer.from(text, 'base64') };
  throw new Error(`key '${id}' must be 32 bytes, as 64 hex digits or base64`);
}

/** Parses a comma-separated list of keys, the first of which seals; ids must differ. */
export function parseSealingKeys(raw: string): SealingKey[] {
  const keys = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map(parseKey);
  if (keys.length === 0) throw new Error('must name at least one key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('has two keys with one id');
  return keys;
}

/**
 * Seals short secrets with AES-256-GCM under the first key, bound to a context (what they belong
 * to, so a sealed value cannot be moved to another record), as `sealed:v1:<key id>:<base64url of
 * iv, ciphertext and tag>`. Opens them with whichever key the id names.
 */
export class SecretSealer {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SealingKey[]) {
    if (keys.length === 0) throw new Error('a sealer needs a key');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  seal(plaintext: string, context: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${id}:${body.toString('base64url')}`;
  }

  /** The plaintext, or undefined when the key is no longer held or the value was not sealed for `context`. */
  open(sealed: string, context: string): string | undefined {
    const rest = sealed.slice(PREFIX.length);
    const colon = rest.indexOf(':');
    const key = this.byId.get(rest.slice(0, colon));
    const body = Buffer.from(rest.slice(colon + 1), 'base64url');
    if (!sealed.startsWith(PREFIX) || colon < 1 || !key || body.length < 28) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12)).setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(12, body.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
