import { randomInt } from 'node:crypto';

/** How many recovery codes a user gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten one-time codes like `K7QX-9MPA-3RTV` (about 70 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-'),
  );
}

/** The form a recovery code is hashed in: case and dashes or spaces do not matter when typed back. */
export const normaliseRecoveryCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
