import { isCurrency, minorDigits } from './currencies.js';

/** Why a decimal amount string was refused; the edge turns it into a validation message. */
export type AmountProblem = 'not_a_string' | 'malformed' | 'not_positive' | 'too_many_decimals' | 'too_large' | 'unknown_currency';

export type ParseResult = { ok: true; minor: bigint } | { ok: false; problem: AmountProblem; message: string };

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
/** Largest amount accepted, in minor units: fits Postgres BIGINT with room for sums. */
export const MAX_MINOR = 10n ** 15n;

/**
 * Parses a decimal amount string in major units ("10", "10.5", "10.50") into integer minor
 * units of `currency`. Rejects JSON numbers, signs, exponents, zero and more decimals than the
 * currency has. Never touches floating point.
 */
export function parseAmount(value: unknown, currency: string): ParseResult {
  if (typeof value !== 'string') {
    return { ok: false, problem: 'not_a_string', message: 'must be a decimal string such as "10.00"' };
  }
  if (!isCurrency(currency)) {
    return { ok: false, problem: 'unknown_currency', message: `unknown currency '${currency}'` };
  }
  const digits = minorDigits(currency);
  const scaled = inMinorUnits(value, digits);
  if (scaled.ok) return scaled;
  switch (scaled.problem) {
    case 'malformed':
      return { ok: false, problem: 'malformed', message: 'must be a positive decimal string such as "10.00"' };
    case 'too_many_decimals':
      return {
        ok: false,
        problem: 'too_many_decimals',
        message: digits === 0 ? `${currency} has no minor units` : `${currency} allows at most ${digits} decimal places`,
      };
    case 'not_positive':
      return { ok: false, problem: 'not_positive', message: 'must be greater than zero' };
    case 'too_large':
      return { ok: false, problem: 'too_large', message: 'is too large' };
  }
}

/**
 * A decimal amount string in minor units of any currency with `digits` minor digits, or null
 * when such a currency refuses it (`parseAmount` says why): for a caller that will learn the
 * currency only later, as a refund's payment learns it in the database.
 */
export function minorInDigits(value: string, digits: number): bigint | null {
  const scaled = inMinorUnits(value, digits);
  return scaled.ok ? scaled.minor : null;
}

type Scaled = { ok: true; minor: bigint } | { ok: false; problem: 'malformed' | 'too_many_decimals' | 'not_positive' | 'too_large' };

function inMinorUnits(value: string, digits: number): Scaled {
  const match = DECIMAL.exec(value);
  if (!match) return { ok: false, problem: 'malformed' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return { ok: false, problem: 'too_many_decimals' };
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor <= 0n) return { ok: false, problem: 'not_positive' };
  if (minor > MAX_MINOR) return { ok: false, problem: 'too_large' };
  return { ok: true, minor };
}

/** Formats integer minor units as a decimal string with exactly the currency's digits ("10.00", JPY "1000"). */
export function formatAmount(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(digits);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(digits, '0');
  const text = digits === 0 ? whole.toString() : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** One major unit (1.00) in minor units of `currency`: the smallest partial refund. */
export function oneMajorUnit(currency: string): bigint {
  return 10n ** BigInt(minorDigits(currency));
}
