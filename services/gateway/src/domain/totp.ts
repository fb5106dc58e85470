import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const DIGITS = 6;

/** A fresh 160-bit TOTP secret, base32 (what authenticator apps take). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI an authenticator app scans (or is given) to add the account. */
export const totpUri = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

/** The time step a moment falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD_S);

/**
 * The time step a code was made for, when it is right for `secret` at `at` (one step either side,
 * for clocks that drift) and later than `lastStep`: a code is good once (RFC 6238 section 5.2).
 * Null otherwise. Anything but six digits is wrong without further ado.
 */
export function acceptTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
