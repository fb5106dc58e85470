import { ApiError, validationError } from '@vrp/errors';
import { MAX_MINOR, isCurrency } from '@vrp/money';
import { validateMetadata, type Metadata } from '@vrp/public-api';

/** How often a mandate may be collected under. */
export type Frequency = 'daily' | 'weekly' | 'monthly' | 'adhoc';

export const DESCRIPTION_MAX_LENGTH = 1000;

/** The kind of payments a mandate's consent allows (Open Banking VRPType). */
export type VrpType = 'commercial' | 'sweeping';

/** What a merchant asks for when creating a mandate, before any checking. */
export interface MandateTermsInput {
  maximumAmountMinor: bigint;
  currency: string;
  /** undefined when the request did not set one. */
  frequency: Frequency | undefined;
  description: string;
  metadata: Readonly<Record<string, unknown>> | undefined;
  /** The merchant's payout currency, which the mandate's currency must equal. */
  merchantPayoutCurrency: string;
  /** undefined: commercial. */
  vrpType?: VrpType | undefined;
}

/** The checked terms of a new mandate, as stored. */
export interface MandateTerms {
  maximumAmountMinor: bigint;
  currency: string;
  frequency: Frequency;
  description: string;
  metadata: Metadata;
  vrpType: VrpType;
}

/**
 * Checks the limits of a new mandate: validation_error for malformed fields (param currency,
 * frequency, maximum_amount, description, metadata[...]), then currency_mismatch when the
 * currency is not the merchant's payout currency. Currency codes compare case-insensitively.
 */
export function checkMandateTerms(input: MandateTermsInput): MandateTerms {
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrency(currency)) throw validationError('currency', `must be a supported ISO 4217 currency code, got '${input.currency}'`);
  if (input.frequency === undefined) throw validationError('frequency', 'must be one of daily, weekly, monthly, adhoc');
  if (input.maximumAmountMinor <= 0n) throw validationError('maximum_amount', 'must be greater than zero');
  if (input.maximumAmountMinor > MAX_MINOR) throw validationError('maximum_amount', 'is too large');
  if (input.description.length > DESCRIPTION_MAX_LENGTH) {
    throw validationError('description', `must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
  }
  const metadata = validateMetadata(input.metadata);
  if (currency !== input.merchantPayoutCurrency.trim().toUpperCase()) {
    throw new ApiError('currency_mismatch', `Mandate currency ${currency} must equal the merchant's payout currency.`, {
      param: 'currency',
    });
  }
  return {
    maximumAmountMinor: input.maximumAmountMinor,
    currency,
    frequency: input.frequency,
    description: input.description,
    metadata,
    vrpType: input.vrpType ?? 'commercial',
  };
}
