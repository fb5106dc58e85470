import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { validationError } from '@vrp/errors';

/**
 * scrypt's work factor, as log2(N): 17 is OWASP's minimum for scrypt, 2^17 × 8 × 128 bytes =
 * 128 MiB of memory per hash, a few hundred ms of one core. Production refuses less
 * (PASSWORD_SCRYPT_LOG_N); test platforms use less so their many sign-ins stay cheap. Hashes
 * made with other parameters are replaced at the next successful sign-in (needsRehash).
 */
export const SCRYPT_LOG_N = 17;
const cost = (logN: number) => ({ N: 2 ** logN, r: 8, p: 1 }) as const;
const KEY_BYTES = 32;
const MIN_LENGTH = 12;
const MAX_LENGTH = 200;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const maxmem = (c: { N: number; r: number }) => 128 * c.N * c.r * 2;

/** Refuses passwords a person should not use: 12 to 200 characters. */
export function checkPasswordPolicy(password: string, param = 'password'): void {
  const length = [...password].length;
  if (length < MIN_LENGTH) throw validationError(param, `must be at least ${MIN_LENGTH} characters`);
  if (length > MAX_LENGTH) throw validationError(param, `must be at most ${MAX_LENGTH} characters`);
}

/** A memory-hard hash of the password, self-describing: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string, logN = SCRYPT_LOG_N): Promise<string> {
  const c = cost(logN);
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_BYTES, { ...c, maxmem: maxmem(c) });
  return ['scrypt', c.N, c.r, c.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` produced `stored`; a malformed stored hash never matches. Constant time in the key. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const made = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { ...made, maxmem: maxmem(made) });
  return timingSafeEqual(actual, expected);
}

/** True when `stored` was made with other scrypt parameters than today's (or is not one of ours): hash the password again. */
export function needsRehash(stored: string, logN = SCRYPT_LOG_N): boolean {
  const [scheme, n, r, p] = stored.split('$');
  const c = cost(logN);
  return scheme !== 'scrypt' || Number(n) !== c.N || Number(r) !== c.r || Number(p) !== c.p;
}

/** A hash no password matches, verified when the email is unknown so both answers take as long. */
export function unknownUserHash(logN = SCRYPT_LOG_N): string {
  const c = cost(logN);
  return `scrypt$${c.N}$${c.r}$${c.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;
}
