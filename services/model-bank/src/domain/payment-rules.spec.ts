import { describe, expect, it } from 'vitest';
import type { ObVrpRequest } from '@vrp/open-banking';
import type { Consent } from './consent.js';
import { limitsOf } from './consent-terms.js';
import { controlProblems, mismatchProblems, periodsAt } from './payment-rules.js';

const creditor = { SchemeName: 'UK.OBIE.SortCodeAccountNumber' as const, Identification: '04000412345678', Name: 'Acme' };
const consent: Consent = {
  id: 'vrc-1',
  clientId: 'c',
  status: 'AUTH',
  statusReasons: null,
  readRefundAccount: 'Yes',
  controlParameters: {
    ValidToDateTime: '2027-06-30T00:00:00+00:00',
    MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
    PeriodicLimits: [
      { PeriodType: 'Week', PeriodAlignment: 'Calendar', Amount: '70.00', Currency: 'GBP' },
      { PeriodType: 'Year', PeriodAlignment: 'Consent', Amount: '500.00', Currency: 'GBP' },
    ],
    VRPType: ['UK.OBIE.VRPType.Other'],
    PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
  },
  initiation: { CreditorAccount: creditor, RemittanceInformation: { Unstructured: ['Gym'] } },
  risk: { MerchantCustomerIdentification: 'CU1' },
  customerRef: 'CU1',
  clockKey: '',
  currency: 'GBP',
  maxIndividualMinor: 5000n,
  accountId: 'acc',
  grantId: 'g',
  expiresAt: null,
  // A Thursday: the first calendar week has Thursday to Sunday, 4 of 7 days, 40.00 of 70.00.
  creationDateTime: new Date('2026-11-26T09:00:00Z'),
  statusUpdateDateTime: new Date('2026-11-26T09:00:00Z'),
};
const payment = (change: (r: ObVrpRequest) => void = () => {}): ObVrpRequest => {
  const r: ObVrpRequest = {
    Data: {
      ConsentId: 'vrc-1',
      PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
      VRPType: 'UK.OBIE.VRPType.Other',
      Initiation: { RemittanceInformation: { Unstructured: ['Gym'] }, CreditorAccount: creditor },
      Instruction: {
        InstructionIdentification: 'i',
        EndToEndIdentification: 'e',
        InstructedAmount: { Amount: '10.00', Currency: 'GBP' },
        CreditorAccount: { ...creditor, Name: 'ACME LTD' },
        RemittanceInformation: { Unstructured: ['Gym'] },
      },
    },
    Risk: { MerchantCustomerIdentification: 'CU1' },
  };
  change(r);
  return r;
};
const paths = (problems: { code: string; path?: string }[]) => problems.map((p) => `${p.code} ${p.path}`);

describe('mismatchProblems', () => {
  it("accepts the consent's Initiation and Risk in any key order and a payee name spelled otherwise", () => {
    expect(mismatchProblems(consent, payment())).toEqual([]);
  });

  it('names the Initiation, the Risk, the creditor and a remittance the consent fixed', () => {
    const problems = mismatchProblems(
      consent,
      payment((r) => {
        r.Data.Initiation = { CreditorAccount: creditor };
        r.Risk = {};
        r.Data.Instruction.CreditorAccount = { ...creditor, Identification: '04000400000000' };
        delete r.Data.Instruction.RemittanceInformation;
      }),
    );
    expect(paths(problems)).toEqual([
      'U008 Data.Initiation',
      'U008 Risk',
      'U008 Data.Instruction.CreditorAccount',
      'U008 Data.Instruction.RemittanceInformation',
    ]);
  });
});

describe('controlProblems', () => {
  const at = new Date('2026-11-28T12:00:00Z');
  const periods = periodsAt(consent, limitsOf(consent.controlParameters), at);

  it('pro-rates the first calendar week and counts what the periods have used', () => {
    expect(periods.map((p) => [p.index, p.period.start, p.period.end, p.period.capMinor])).toEqual([
      [0, '2026-11-26', '2026-11-29', 4000n],
      [1, '2026-11-26', '2027-11-25', 50000n],
    ]);
    expect(controlProblems(consent, payment(), 1000n, at, periods, [3000n, 3000n])).toEqual([]);
    expect(paths(controlProblems(consent, payment(), 1001n, at, periods, [3000n, 3000n]))).toEqual([
      'U014 Data.ControlParameters.PeriodicLimits[0].Amount',
    ]);
  });

  it('names the window, the currency, the maximum, the VRPType, the method and the interaction type', () => {
    const late = new Date('2027-07-01T00:00:00Z');
    expect(paths(controlProblems(consent, payment(), 5001n, late, [], []))).toEqual([
      'U014 Data.ControlParameters.ValidToDateTime',
      'U014 Data.ControlParameters.MaximumIndividualAmount.Amount',
    ]);
    const other = payment((r) => {
      r.Data.Instruction.InstructedAmount.Currency = 'EUR';
      r.Data.VRPType = 'UK.OBIE.VRPType.Sweeping';
      r.Data.PSUAuthenticationMethod = 'UK.OBIE.SCA';
      r.Data.PSUInteractionType = 'InSession';
    });
    expect(paths(controlProblems(consent, other, 1n, at, periods, [0n, 0n]))).toEqual([
      'U014 Data.ControlParameters.MaximumIndividualAmount.Currency',
      'U014 Data.ControlParameters.VRPType',
      'U014 Data.ControlParameters.PSUAuthenticationMethods',
      'U014 Data.ControlParameters.PSUInteractionTypes',
    ]);
  });
});
