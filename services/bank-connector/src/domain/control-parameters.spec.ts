import { obVrpConsentRequest } from '@vrp/open-banking';
import { describe, expect, it } from 'vitest';
import { consentRequest, periodicLimits, type ConsentTerms } from './control-parameters.js';

const terms = (over: Partial<ConsentTerms> = {}): ConsentTerms => ({
  maximumAmountMinor: 5000n,
  currency: 'GBP',
  frequency: 'adhoc',
  periodicLimits: [],
  vrpType: 'commercial',
  ...over,
});
const creditor = { scheme: 'UK.OBIE.SortCodeAccountNumber', identification: '11223321325698', name: 'Acme Gym' };

describe('periodicLimits', () => {
  it('caps a monthly mandate per consent-aligned month (never pro-rated), at the two payments such a month can overlap', () => {
    expect(periodicLimits(terms({ frequency: 'monthly' }))).toEqual([
      { PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '100.00', Currency: 'GBP' },
    ]);
    expect(periodicLimits(terms({ frequency: 'daily' }))[0]).toMatchObject({ PeriodType: 'Day', PeriodAlignment: 'Consent' });
    expect(periodicLimits(terms({ frequency: 'weekly' }))[0]).toMatchObject({ PeriodType: 'Week', PeriodAlignment: 'Consent' });
  });

  it('for an older mandate, stages every cap consent-aligned (a calendar one at twice its cap), and turns a count-only cap into what those payments could add up to', () => {
    const limits = periodicLimits(
      terms({
        periodicLimits: [
          { period: 'year', alignment: 'calendar', maxAmountMinor: 100_000n, maxPayments: 0 },
          { period: 'fortnight', alignment: 'calendar', maxAmountMinor: 9000n, maxPayments: 0 },
          { period: 'week', alignment: 'consent', maxAmountMinor: 0n, maxPayments: 3 },
          { period: 'half_year', alignment: 'calendar', maxAmountMinor: 70_000n, maxPayments: 2 },
        ],
      }),
    );
    expect(limits).toEqual([
      { PeriodType: 'Year', PeriodAlignment: 'Consent', Amount: '2000.00', Currency: 'GBP' },
      { PeriodType: 'Fortnight', PeriodAlignment: 'Consent', Amount: '180.00', Currency: 'GBP' },
      { PeriodType: 'Week', PeriodAlignment: 'Consent', Amount: '150.00', Currency: 'GBP' },
      { PeriodType: 'Half-year', PeriodAlignment: 'Consent', Amount: '1400.00', Currency: 'GBP' },
    ]);
  });

  it('stages a calendar amount cap as it is once the platform pro-rates it like the bank; a count-only one stays consent-aligned', () => {
    const limits = periodicLimits(
      terms({
        proRateFirstPeriod: true,
        periodicLimits: [
          { period: 'month', alignment: 'calendar', maxAmountMinor: 30_000n, maxPayments: 0 },
          { period: 'year', alignment: 'calendar', maxAmountMinor: 50_000n, maxPayments: 4 },
          { period: 'week', alignment: 'calendar', maxAmountMinor: 0n, maxPayments: 2 },
          { period: 'fortnight', alignment: 'consent', maxAmountMinor: 9000n, maxPayments: 0 },
        ],
      }),
    );
    expect(limits).toEqual([
      { PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '300.00', Currency: 'GBP' },
      { PeriodType: 'Year', PeriodAlignment: 'Calendar', Amount: '500.00', Currency: 'GBP' },
      { PeriodType: 'Week', PeriodAlignment: 'Consent', Amount: '200.00', Currency: 'GBP' },
      { PeriodType: 'Fortnight', PeriodAlignment: 'Consent', Amount: '90.00', Currency: 'GBP' },
    ]);
  });

  it('merges a frequency and a limit of the same period into the lower cap, a calendar one at twice its cap', () => {
    const limits = periodicLimits(
      terms({ frequency: 'monthly', periodicLimits: [{ period: 'month', alignment: 'consent', maxAmountMinor: 3000n, maxPayments: 0 }] }),
    );
    expect(limits).toEqual([{ PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '30.00', Currency: 'GBP' }]);
    const calendar = periodicLimits(
      terms({ frequency: 'monthly', periodicLimits: [{ period: 'month', alignment: 'calendar', maxAmountMinor: 3000n, maxPayments: 0 }] }),
    );
    // Never pro-rated by the bank: a calendar month's 30.00 can fall in one consent month twice.
    expect(calendar).toEqual([{ PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '60.00', Currency: 'GBP' }]);
  });

  it('gives an adhoc mandate without amount limits a Year/Consent limit at the largest amount OB carries', () => {
    expect(periodicLimits(terms())).toEqual([
      { PeriodType: 'Year', PeriodAlignment: 'Consent', Amount: '9999999999999.99', Currency: 'GBP' },
    ]);
    expect(periodicLimits(terms({ currency: 'JPY', maximumAmountMinor: 500n }))[0]!.Amount).toBe('9999999999999');
  });
});

describe('consentRequest', () => {
  it('is a valid OB consent request with the mandate terms, the creditor, the refund account asked for and the customer in Risk', () => {
    const body = consentRequest(
      terms({ frequency: 'monthly', validFrom: new Date('2026-12-01T00:00:00Z'), validTo: new Date('2027-12-01T00:00:00Z') }),
      creditor,
      'CU01',
    );
    expect(obVrpConsentRequest.safeParse(body).success).toBe(true);
    expect(body.Data.ReadRefundAccount).toBe('Yes');
    expect(body.Data.ControlParameters).toMatchObject({
      ValidFromDateTime: '2026-12-01T00:00:00.000Z',
      ValidToDateTime: '2027-12-01T00:00:00.000Z',
      MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
      VRPType: ['UK.OBIE.VRPType.Other'],
      PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      PSUInteractionTypes: ['OffSession'],
    });
    expect(body.Data.Initiation).toEqual({
      CreditorAccount: { SchemeName: creditor.scheme, Identification: creditor.identification, Name: 'Acme Gym' },
    });
    expect(body.Risk).toEqual({ PaymentContextCode: 'BillingGoodsAndServicesInAdvance', MerchantCustomerIdentification: 'CU01' });
    const sweeping = consentRequest(terms({ vrpType: 'sweeping' }), creditor, 'CU01');
    expect(sweeping.Data.ControlParameters.VRPType).toEqual(['UK.OBIE.VRPType.Sweeping']);
    expect(sweeping.Risk.PaymentContextCode).toBe('TransferToSelf');
  });

  it('refuses terms a bank cannot be asked for, naming the field', () => {
    const refused = (t: ConsentTerms, c = creditor) => {
      try {
        consentRequest(t, c, 'CU01');
      } catch (err) {
        return (err as { code: string; param: string }).param;
      }
      return 'accepted';
    };
    expect(refused(terms({ currency: 'XXQ' }))).toBe('terms.currency');
    expect(refused(terms({ maximumAmountMinor: 0n }))).toBe('terms.maximum_amount_minor');
    expect(refused(terms({ periodicLimits: [{ period: 'day', alignment: 'calendar', maxAmountMinor: 0n, maxPayments: 0 }] }))).toBe(
      'terms.periodic_limits[0]',
    );
    expect(refused(terms({ validFrom: new Date('2027-01-01'), validTo: new Date('2026-01-01') }))).toBe('terms.valid_to');
    expect(refused(terms(), { ...creditor, scheme: 'UK.OBIE.Nope' })).toBe('creditor_account.scheme');
    expect(refused(terms(), { ...creditor, name: '' })).toBe('creditor_account.name');
  });
});
