import { timestampDate } from '@bufbuild/protobuf/wkt';
import { connector } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import type { AccountTerm, ConsentTerms, PeriodicLimitTerm } from '../domain/control-parameters.js';

const FREQUENCIES: Partial<Record<connector.Frequency, ConsentTerms['frequency']>> = {
  [connector.Frequency.DAILY]: 'daily',
  [connector.Frequency.WEEKLY]: 'weekly',
  [connector.Frequency.MONTHLY]: 'monthly',
  [connector.Frequency.ADHOC]: 'adhoc',
};

const PERIODS: Partial<Record<connector.Period, PeriodicLimitTerm['period']>> = {
  [connector.Period.DAY]: 'day',
  [connector.Period.WEEK]: 'week',
  [connector.Period.FORTNIGHT]: 'fortnight',
  [connector.Period.MONTH]: 'month',
  [connector.Period.HALF_YEAR]: 'half_year',
  [connector.Period.YEAR]: 'year',
};

/** The request's terms as the domain takes them; validation_error naming the field otherwise. */
export function termsOf(terms: connector.ConsentTerms | undefined): ConsentTerms {
  if (!terms) throw validationError('terms', 'is required');
  const frequency = FREQUENCIES[terms.frequency];
  if (!frequency) throw validationError('terms.frequency', 'is required');
  return {
    maximumAmountMinor: terms.maximumAmountMinor,
    currency: terms.currency,
    frequency,
    periodicLimits: terms.periodicLimits.map((l, i) => {
      const period = PERIODS[l.period];
      if (!period) throw validationError(`terms.periodic_limits[${i}].period`, 'is required');
      if (l.alignment === connector.Alignment.UNSPECIFIED) throw validationError(`terms.periodic_limits[${i}].alignment`, 'is required');
      return {
        period,
        alignment: l.alignment === connector.Alignment.CALENDAR ? 'calendar' : 'consent',
        maxAmountMinor: l.maxAmountMinor,
        maxPayments: l.maxPayments,
      };
    }),
    ...(terms.validFrom ? { validFrom: timestampDate(terms.validFrom) } : {}),
    ...(terms.validTo ? { validTo: timestampDate(terms.validTo) } : {}),
    vrpType: terms.vrpType === connector.VrpType.SWEEPING ? 'sweeping' : 'commercial',
    proRateFirstPeriod: terms.proRateFirstPeriod,
  };
}

/** The request's creditor account; validation_error when absent. */
export function creditorOf(account: connector.CreditorAccount | undefined): AccountTerm {
  if (!account) throw validationError('creditor_account', 'is required');
  return { scheme: account.scheme, identification: account.identification, name: account.name };
}
