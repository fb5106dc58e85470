/**
 * ISO 4217 minor-unit digits for the currencies the platform accepts. A code missing here is
 * rejected as an unknown currency; add it with its digits from the ISO table.
 */
const MINOR_DIGITS: Readonly<Record<string, number>> = Object.freeze({
  AED: 2,
  AUD: 2,
  BGN: 2,
  BHD: 3,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CLP: 0,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  HUF: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  MXN: 2,
  MYR: 2,
  NOK: 2,
  NZD: 2,
  OMR: 3,
  PHP: 2,
  PLN: 2,
  RON: 2,
  SAR: 2,
  SEK: 2,
  SGD: 2,
  THB: 2,
  TND: 3,
  TRY: 2,
  TWD: 2,
  UGX: 0,
  USD: 2,
  VND: 0,
  XOF: 0,
  ZAR: 2,
});

/** True when `code` is an accepted ISO 4217 currency code (upper case). */
export function isCurrency(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(MINOR_DIGITS, code);
}

/** Minor-unit digits of an accepted currency; throws for an unknown one. */
export function minorDigits(code: string): number {
  const digits = MINOR_DIGITS[code];
  if (digits === undefined) throw new RangeError(`Unknown currency '${code}'`);
  return digits;
}

/** Every accepted currency code, sorted. */
export function currencyCodes(): string[] {
  return Object.keys(MINOR_DIGITS).sort();
}
