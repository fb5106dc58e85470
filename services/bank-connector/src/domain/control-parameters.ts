import { isCurrency, minorDigits } from '@vrp/money';
import {
  ACCOUNT_SCHEMES,
  toObAmount,
  type ObCashAccount,
  type ObPeriodicLimit,
  type ObVrpConsentRequest,
  type PeriodAlignment,
  type PeriodType,
} from '@vrp/open-banking';
import { validationError } from '@vrp/errors';

/** A mandate's periodic limit as the platform keeps it (0: that cap is absent). */
export interface PeriodicLimitTerm {
  period: 'day' | 'week' | 'fortnight' | 'month' | 'half_year' | 'year';
  alignment: 'calendar' | 'consent';
  maxAmountMinor: bigint;
  maxPayments: number;
}

/** What a consent asks the customer to authorise: the mandate's terms. */
export interface ConsentTerms {
  maximumAmountMinor: bigint;
  currency: string;
  frequency: 'daily' | 'weekly' | 'monthly' | 'adhoc';
  periodicLimits: PeriodicLimitTerm[];
  validFrom?: Date;
  validTo?: Date;
  vrpType: 'commercial' | 'sweeping';
  /** The platform pro-rates calendar-aligned amount caps in their first period as OB does (false: an older mandate). */
  proRateFirstPeriod?: boolean;
}

/** An account as the platform names it (the merchant's creditor account). */
export interface AccountTerm {
  scheme: string;
  identification: string;
  name: string;
}

const PERIOD_TYPES: Record<PeriodicLimitTerm['period'], PeriodType> = {
  day: 'Day',
  week: 'Week',
  fortnight: 'Fortnight',
  month: 'Month',
  half_year: 'Half-year',
  year: 'Year',
};

const FREQUENCY_PERIODS: Partial<Record<ConsentTerms['frequency'], PeriodType>> = { daily: 'Day', weekly: 'Week', monthly: 'Month' };

/**
 * The largest amount OB's schema carries (13 integer digits and the currency's decimals), in
 * minor units: a cap that never binds.
 */
export function largestObAmountMinor(currency: string): bigint {
  return 10n ** BigInt(13 + minorDigits(currency)) - 1n;
}

/**
 * The OB PeriodicLimits expressing a mandate's terms. OB caps amounts only; the platform enforces
 * payment counts itself, so:
 * - a consent-aligned periodic limit with an amount cap becomes that cap;
 * - a count-only limit becomes the amount those payments could at most add up to (count times the
 *   maximum per payment), so the bank never refuses what the platform's count allows;
 * - a daily, weekly or monthly frequency becomes a Day, Week or Month limit aligned to the consent,
 *   never to the calendar: OB pro-rates a calendar-aligned limit in its first period, so a monthly
 *   mandate created on 27 November could collect only a fraction of its maximum that month. The
 *   platform allows one payment per calendar period, and a consent-aligned period overlaps two
 *   calendar periods (a payment on 27 November and another on 1 December fall in one period counted
 *   from 27 November), so the cap is twice the maximum amount: the bank never refuses what the
 *   frequency allows;
 * - an explicit calendar-aligned amount cap is staged as it is (Calendar) when the platform
 *   pro-rates it in its first period the way OB does (`proRateFirstPeriod`, every mandate created
 *   since it does): the bank and the platform then refuse the same payments. A mandate from before
 *   keeps its older staging: consent-aligned at twice its cap, since the platform did not pro-rate
 *   and a bank that does would refuse, on the 27th, payments the platform's own limit let through.
 *   A calendar count-only limit stays consent-aligned at twice what its payments could add up to
 *   (the platform counts payments and pro-rates no count);
 * - limits on the same period and alignment merge into the lowest cap.
 * OB requires at least one limit: an adhoc mandate with no amount limits gets a Year/Consent limit
 * at the largest amount OB can carry, which never binds before MaximumIndividualAmount does (an
 * adhoc mandate has no count either, so any lower yearly cap would refuse payments the mandate allows).
 */
export function periodicLimits(terms: ConsentTerms): ObPeriodicLimit[] {
  const largest = largestObAmountMinor(terms.currency);
  const caps = new Map<string, { type: PeriodType; alignment: PeriodAlignment; minor: bigint }>();
  const add = (type: PeriodType, alignment: PeriodAlignment, minor: bigint) => {
    const capped = minor > largest ? largest : minor;
    const key = `${type}/${alignment}`;
    const known = caps.get(key);
    if (!known || capped < known.minor) caps.set(key, { type, alignment, minor: capped });
  };
  for (const limit of terms.periodicLimits) {
    const type = PERIOD_TYPES[limit.period];
    if (limit.alignment === 'calendar' && terms.proRateFirstPeriod && limit.maxAmountMinor > 0n && limit.period !== 'fortnight') {
      add(type, 'Calendar', limit.maxAmountMinor);
      continue;
    }
    // A calendar period overlaps two consent-aligned ones' worth of the platform's allowance (see above).
    const overlap = limit.alignment === 'consent' ? 1n : 2n;
    if (limit.maxAmountMinor > 0n) add(type, 'Consent', overlap * limit.maxAmountMinor);
    else if (limit.maxPayments > 0) add(type, 'Consent', overlap * BigInt(limit.maxPayments) * terms.maximumAmountMinor);
  }
  const byFrequency = FREQUENCY_PERIODS[terms.frequency];
  if (byFrequency) add(byFrequency, 'Consent', 2n * terms.maximumAmountMinor);
  if (caps.size === 0) add('Year', 'Consent', largest);
  return [...caps.values()].map(({ type, alignment, minor }) => {
    const { Amount, Currency } = toObAmount(minor, terms.currency);
    return { PeriodType: type, PeriodAlignment: alignment, Amount, Currency };
  });
}

/** Checks the terms a consent can be staged with; validation_error naming the field otherwise. */
export function checkTerms(terms: ConsentTerms, creditor: AccountTerm): void {
  if (!isCurrency(terms.currency)) throw validationError('terms.currency', 'must be an ISO 4217 currency');
  if (terms.maximumAmountMinor <= 0n) throw validationError('terms.maximum_amount_minor', 'must be positive');
  if (terms.maximumAmountMinor > largestObAmountMinor(terms.currency))
    throw validationError('terms.maximum_amount_minor', 'is more than a bank can be asked for');
  terms.periodicLimits.forEach((l, i) => {
    if (l.maxAmountMinor < 0n || l.maxPayments < 0 || (l.maxAmountMinor === 0n && l.maxPayments === 0))
      throw validationError(`terms.periodic_limits[${i}]`, 'must cap an amount or a number of payments');
  });
  if (terms.validFrom && terms.validTo && terms.validTo <= terms.validFrom)
    throw validationError('terms.valid_to', 'must be after valid_from');
  if (!(ACCOUNT_SCHEMES as readonly string[]).includes(creditor.scheme))
    throw validationError('creditor_account.scheme', `must be one of ${ACCOUNT_SCHEMES.join(', ')}`);
  if (!creditor.identification || creditor.identification.length > 256)
    throw validationError('creditor_account.identification', 'must be 1 to 256 characters');
  if (!creditor.name || creditor.name.length > 70) throw validationError('creditor_account.name', 'must be 1 to 70 characters');
}

/** The creditor account as OB writes it. */
export function obAccount(account: AccountTerm): ObCashAccount {
  return { SchemeName: account.scheme as ObCashAccount['SchemeName'], Identification: account.identification, Name: account.name };
}

/**
 * The body of POST /domestic-vrp-consents for a mandate: its limits as ControlParameters (the
 * customer is not asked to authenticate each payment, which the merchant initiates off session),
 * the merchant's account as the creditor, the refund account asked for (refunds go back to it),
 * and the risk context naming the customer as the merchant knows them.
 */
export function consentRequest(terms: ConsentTerms, creditor: AccountTerm, customerId: string): ObVrpConsentRequest {
  checkTerms(terms, creditor);
  const sweeping = terms.vrpType === 'sweeping';
  return {
    Data: {
      ReadRefundAccount: 'Yes',
      ControlParameters: {
        ...(terms.validFrom ? { ValidFromDateTime: terms.validFrom.toISOString() } : {}),
        ...(terms.validTo ? { ValidToDateTime: terms.validTo.toISOString() } : {}),
        MaximumIndividualAmount: toObAmount(terms.maximumAmountMinor, terms.currency),
        PeriodicLimits: periodicLimits(terms),
        VRPType: [sweeping ? 'UK.OBIE.VRPType.Sweeping' : 'UK.OBIE.VRPType.Other'],
        PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
        PSUInteractionTypes: ['OffSession'],
      },
      Initiation: { CreditorAccount: obAccount(creditor) },
    },
    Risk: {
      PaymentContextCode: sweeping ? 'TransferToSelf' : 'BillingGoodsAndServicesInAdvance',
      MerchantCustomerIdentification: customerId,
    },
  };
}
