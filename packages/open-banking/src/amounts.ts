import { formatAmount, parseAmount } from '@vrp/money';
import type { ObAmount } from './schemas/common.js';

/** Integer minor units of `currency` as an OB amount ({Amount: "10.00", Currency: "GBP"}). */
export function toObAmount(minor: bigint, currency: string): ObAmount {
  return { Amount: formatAmount(minor, currency), Currency: currency };
}

/**
 * An OB amount in integer minor units of its currency, or null when it is not a positive amount
 * that currency can hold exactly (more decimals than it has, unknown currency). OB allows up to
 * five decimals; trailing zeros beyond the currency's digits ("10.000") are accepted.
 */
export function fromObAmount(amount: ObAmount): bigint | null {
  const trimmed = amount.Amount.includes('.') ? amount.Amount.replace(/0+$/, '').replace(/\.$/, '') : amount.Amount;
  const parsed = parseAmount(trimmed, amount.Currency);
  return parsed.ok ? parsed.minor : null;
}
