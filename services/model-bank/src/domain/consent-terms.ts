import { isCurrency } from '@vrp/money';
import {
  ERROR_CODES,
  calendarDay,
  fromObAmount,
  type ObCashAccount,
  type ObControlParameters,
  type ObVrpConsentRequest,
  type PeriodAlignment,
  type PeriodType,
} from '@vrp/open-banking';
import { throwProblems, type Problem } from './errors.js';

/** A periodic limit with its amount in minor units. */
export interface Limit {
  PeriodType: PeriodType;
  PeriodAlignment: PeriodAlignment;
  amountMinor: bigint;
}

/** What a consent request's control parameters come to, in the bank's own terms. */
export interface ConsentTerms {
  currency: string;
  maxIndividualMinor: bigint;
  limits: Limit[];
  /** When the consent expires, if it has a ValidToDateTime: the midnight (UTC) after the day it names. */
  expiresAt?: Date;
}

const CONTROLS = 'Data.ControlParameters';
const DAY_MS = 86_400_000;
const SORT_CODE_ACCOUNT = /^\d{14}$/;

/** Problems of an account a request names: a sort code and account number is 14 digits. */
export function accountProblems(account: ObCashAccount | undefined, path: string): Problem[] {
  if (account?.SchemeName === 'UK.OBIE.SortCodeAccountNumber' && !SORT_CODE_ACCOUNT.test(account.Identification)) {
    return [{ code: ERROR_CODES.invalidField, message: 'a sort code and account number is 14 digits', path: `${path}.Identification` }];
  }
  return [];
}

/**
 * Checks what the schema cannot of a consent request, at `now` (its payee's clock), and returns
 * its terms: one currency throughout (a supported one), positive amounts the currency can hold,
 * ValidToDateTime after ValidFromDateTime and not already past, no SupplementaryData (the bank
 * processes none), well-formed sort code account numbers. Throws every problem at once.
 */
export function consentTerms(request: ObVrpConsentRequest, now: Date): ConsentTerms {
  const problems: Problem[] = [];
  const controls = request.Data.ControlParameters;
  const currency = controls.MaximumIndividualAmount.Currency;
  if (!isCurrency(currency)) {
    problems.push({
      code: ERROR_CODES.unsupportedCurrency,
      message: `${currency} is not a currency the bank supports`,
      path: `${CONTROLS}.MaximumIndividualAmount.Currency`,
    });
  }
  const maxIndividualMinor = isCurrency(currency) ? fromObAmount(controls.MaximumIndividualAmount) : null;
  if (isCurrency(currency) && maxIndividualMinor === null) {
    problems.push({
      code: ERROR_CODES.invalidField,
      message: `must be a positive amount in ${currency}`,
      path: `${CONTROLS}.MaximumIndividualAmount.Amount`,
    });
  }
  const limits: Limit[] = [];
  controls.PeriodicLimits.forEach((limit, i) => {
    const path = `${CONTROLS}.PeriodicLimits[${i}]`;
    if (limit.Currency !== currency) {
      problems.push({
        code: ERROR_CODES.invalidField,
        message: `must be ${currency}, the MaximumIndividualAmount's currency`,
        path: `${path}.Currency`,
      });
      return;
    }
    if (limit.PeriodType === 'Fortnight' && limit.PeriodAlignment !== 'Consent') {
      problems.push({ code: ERROR_CODES.invalidField, message: 'a Fortnight must be Consent-aligned', path: `${path}.PeriodAlignment` });
    }
    const amountMinor = isCurrency(currency) ? fromObAmount({ Amount: limit.Amount, Currency: currency }) : null;
    if (amountMinor === null) {
      if (isCurrency(currency))
        problems.push({ code: ERROR_CODES.invalidField, message: `must be a positive amount in ${currency}`, path: `${path}.Amount` });
      return;
    }
    limits.push({ PeriodType: limit.PeriodType, PeriodAlignment: limit.PeriodAlignment, amountMinor });
  });
  const from = controls.ValidFromDateTime;
  const to = controls.ValidToDateTime;
  if (from !== undefined && to !== undefined && Date.parse(to) <= Date.parse(from)) {
    problems.push({ code: ERROR_CODES.invalidDate, message: 'must be after ValidFromDateTime', path: `${CONTROLS}.ValidToDateTime` });
  } else if (to !== undefined && calendarDay(to) < calendarDay(now)) {
    problems.push({ code: ERROR_CODES.invalidDate, message: 'has already passed', path: `${CONTROLS}.ValidToDateTime` });
  }
  if (controls.SupplementaryData && Object.keys(controls.SupplementaryData).length > 0) {
    problems.push({
      code: ERROR_CODES.unexpectedField,
      message: 'the bank processes no SupplementaryData',
      path: `${CONTROLS}.SupplementaryData`,
    });
  }
  problems.push(...accountProblems(request.Data.Initiation.CreditorAccount, 'Data.Initiation.CreditorAccount'));
  problems.push(...accountProblems(request.Data.Initiation.DebtorAccount, 'Data.Initiation.DebtorAccount'));
  throwProblems(problems);
  return {
    currency,
    maxIndividualMinor: maxIndividualMinor!,
    limits,
    expiresAt: to === undefined ? undefined : new Date((calendarDay(to) + 1) * DAY_MS),
  };
}

/**
 * A staged consent's periodic limits in minor units. Its terms were checked when it was staged; an
 * amount that could not be read (none can) counts as zero, which refuses every payment.
 */
export function limitsOf(controls: ObControlParameters): Limit[] {
  return controls.PeriodicLimits.map((l) => ({
    PeriodType: l.PeriodType,
    PeriodAlignment: l.PeriodAlignment,
    amountMinor: fromObAmount({ Amount: l.Amount, Currency: l.Currency }) ?? 0n,
  }));
}
