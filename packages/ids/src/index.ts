import { randomBytes } from 'node:crypto';

/** Type prefixes of ids (docs/api.md): one per resource kind. */
export const ID_PREFIXES = {
  merchant: 'MR',
  customer: 'CU',
  mandate: 'MD',
  mandateRequest: 'MQ',
  payment: 'PM',
  refund: 'RF',
  event: 'EV',
  webhookEndpoint: 'WE',
  token: 'TK',
  consoleUser: 'US',
  consoleInvitation: 'IV',
  export: 'EX',
  schedule: 'SC',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32

function encode(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

let lastTime = 0;
let lastRandom = 0n;

/**
 * A new identifier: prefix + 26-character ULID (48-bit milliseconds, 80 random bits), so ids
 * sort by creation time; within one millisecond the random part increments (monotonic).
 * Clients treat ids as opaque.
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  let random: bigint;
  if (now <= lastTime) {
    now = lastTime;
    random = lastRandom + 1n;
  } else {
    random = BigInt(`0x${randomBytes(10).toString('hex')}`);
  }
  lastTime = now;
  lastRandom = random;
  return `${ID_PREFIXES[kind]}${encode(BigInt(now), 10)}${encode(random, 16)}`;
}

/** True when `id` looks like an id of `kind` (cheap shape check before a lookup). */
export function isId(kind: IdKind, id: string): boolean {
  return new RegExp(`^${ID_PREFIXES[kind]}[0-9A-HJKMNP-TV-Z]{26}$`).test(id);
}
