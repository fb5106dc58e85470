import { describe, expect, it } from 'vitest';
import type { ObVrpConsentRequest } from '@vrp/open-banking';
import { BankError } from './errors.js';
import { consentTerms, limitsOf } from './consent-terms.js';

const request = (change: (r: ObVrpConsentRequest) => void = () => {}): ObVrpConsentRequest => {
  const r: ObVrpConsentRequest = {
    Data: {
      ControlParameters: {
        MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
        PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '120.00', Currency: 'GBP' }],
        VRPType: ['UK.OBIE.VRPType.Other'],
        PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      },
      Initiation: { CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '04000412345678', Name: 'Acme' } },
    },
    Risk: {},
  };
  change(r);
  return r;
};
const now = new Date('2026-11-27T10:00:00Z');
const problemsOf = (r: ObVrpConsentRequest) => {
  try {
    consentTerms(r, now);
    return [];
  } catch (err) {
    return (err as BankError).problems.map((p) => `${p.code} ${p.path}`);
  }
};

describe('consentTerms', () => {
  it('reads amounts in minor units and expires the consent at the midnight after ValidToDateTime’s day', () => {
    const terms = consentTerms(
      request((r) => void (r.Data.ControlParameters.ValidToDateTime = '2027-01-31T10:00:00+00:00')),
      now,
    );
    expect(terms).toEqual({
      currency: 'GBP',
      maxIndividualMinor: 5000n,
      limits: [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', amountMinor: 12000n }],
      expiresAt: new Date('2027-02-01T00:00:00Z'),
    });
    expect(limitsOf(request().Data.ControlParameters)).toEqual(terms.limits);
  });

  it('lists every problem at once: currencies, amounts, the window, SupplementaryData, account numbers', () => {
    expect(
      problemsOf(
        request((r) => {
          r.Data.ControlParameters.MaximumIndividualAmount.Amount = '50.001';
          r.Data.ControlParameters.PeriodicLimits.push({ PeriodType: 'Day', PeriodAlignment: 'Consent', Amount: '1.00', Currency: 'EUR' });
          r.Data.ControlParameters.ValidFromDateTime = '2027-01-01T00:00:00Z';
          r.Data.ControlParameters.ValidToDateTime = '2026-12-01T00:00:00Z';
          r.Data.ControlParameters.SupplementaryData = { anything: true };
          r.Data.Initiation.CreditorAccount!.Identification = '0400';
        }),
      ),
    ).toEqual([
      'U002 Data.ControlParameters.MaximumIndividualAmount.Amount',
      'U002 Data.ControlParameters.PeriodicLimits[1].Currency',
      'U003 Data.ControlParameters.ValidToDateTime',
      'U005 Data.ControlParameters.SupplementaryData',
      'U002 Data.Initiation.CreditorAccount.Identification',
    ]);
    expect(problemsOf(request((r) => void (r.Data.ControlParameters.ValidToDateTime = '2026-11-26T23:59:59Z')))).toEqual([
      'U003 Data.ControlParameters.ValidToDateTime',
    ]);
    expect(problemsOf(request((r) => void (r.Data.ControlParameters.ValidToDateTime = '2026-11-27T00:00:00Z')))).toEqual([]);
  });
});
