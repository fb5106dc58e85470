import { formatAmount } from '@vrp/money';
import { limitPeriod, periodAnchor, type PeriodType } from '@vrp/open-banking';
import type { Account } from '../domain/account.js';
import type { Consent } from '../domain/consent.js';
import { limitsOf } from '../domain/consent-terms.js';

/** The consent in the words the consent page shows the PSU. */
export interface ConsentWording {
  clientName: string;
  payee: { name: string; detail?: string };
  payer: { name: string; detail: string };
  maximumPerPayment: string;
  limits: string[];
  validity: string;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const CALENDAR: Record<PeriodType, string> = {
  Day: 'calendar day',
  Week: 'calendar week (Monday to Sunday)',
  Fortnight: 'fortnight',
  Month: 'calendar month',
  'Half-year': 'calendar half-year (January to June, July to December)',
  Year: 'calendar year',
};
const CONSENT: Record<PeriodType, string> = {
  Day: 'day',
  Week: 'week',
  Fortnight: 'fortnight',
  Month: 'month',
  'Half-year': 'half-year',
  Year: 'year',
};

/** An amount in minor units as the PSU reads it (£1,234.50). */
export function money(minor: bigint, currency: string): string {
  const decimal = formatAmount(minor, currency);
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}

const date = (value: Date | string) => DATE.format(typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);

/** A sort code and account number as printed on a statement: 04-04-00, 12345678. */
function sortCodeAccount(identification: string): string {
  return `Sort code ${identification.slice(0, 2)}-${identification.slice(2, 4)}-${identification.slice(4, 6)}, account ${identification.slice(6)}`;
}

/**
 * What the PSU is asked to approve: who is paid (the CreditorAccount's name), from which of their
 * accounts, the most per payment, every periodic limit (a Calendar limit's pro-rated first period
 * too) and the validity window, on the payee's clock `now`.
 */
export function consentWording(consent: Consent, account: Account, now: Date): ConsentWording {
  const creditor = consent.initiation.CreditorAccount;
  const controls = consent.controlParameters;
  const anchor = periodAnchor(controls, consent.creationDateTime);
  const limits = limitsOf(controls).map((limit) => {
    const amount = money(limit.amountMinor, consent.currency);
    if (limit.PeriodAlignment === 'Consent') return `${amount} per ${CONSENT[limit.PeriodType]}, counted from ${date(anchor)}`;
    const first = limitPeriod(limit, limit.amountMinor, anchor, new Date(Math.max(now.getTime(), new Date(anchor).getTime())));
    const firstPeriod = first?.proRated
      ? ` (${money(first.capMinor, consent.currency)} until ${date(first.end)}, the rest of the first period)`
      : '';
    return `${amount} per ${CALENDAR[limit.PeriodType]}${firstPeriod}`;
  });
  const from = date(controls.ValidFromDateTime ?? consent.creationDateTime);
  return {
    clientName: consent.clientId,
    payee: creditor
      ? {
          name: creditor.Name,
          detail:
            creditor.SchemeName === 'UK.OBIE.SortCodeAccountNumber' ? sortCodeAccount(creditor.Identification) : creditor.Identification,
        }
      : { name: 'The payee each payment names' },
    payer: { name: account.name, detail: sortCodeAccount(`${account.sortCode}${account.accountNumber}`) },
    maximumPerPayment: money(consent.maxIndividualMinor, consent.currency),
    limits,
    validity: controls.ValidToDateTime ? `From ${from} until ${date(controls.ValidToDateTime)}` : `From ${from} until you cancel it`,
  };
}
