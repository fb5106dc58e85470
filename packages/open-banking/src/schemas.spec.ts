import { describe, expect, it } from 'vitest';
import { fromObAmount, toObAmount } from './amounts.js';
import { paymentStage } from './codes.js';
import { obVrpConsentRequest } from './schemas/consents.js';
import { obVrpRequest } from './schemas/vrps.js';

const consent = {
  Data: {
    ReadRefundAccount: 'Yes',
    ControlParameters: {
      ValidToDateTime: '2027-12-31T23:59:59+00:00',
      MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
      PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '120.00', Currency: 'GBP' }],
      VRPType: ['UK.OBIE.VRPType.Other'],
      PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      PSUInteractionTypes: ['OffSession'],
    },
    Initiation: { CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '04000412345678', Name: 'Acme Gym' } },
  },
  Risk: { PaymentContextCode: 'BillingGoodsAndServicesInArrears', MerchantCustomerIdentification: 'CU01' },
};

describe('OB VRP payloads', () => {
  it('accepts a consent request as the profile defines it and refuses a calendar fortnight and unknown Risk fields', () => {
    expect(obVrpConsentRequest.safeParse(consent).success).toBe(true);
    const fortnight = structuredClone(consent);
    fortnight.Data.ControlParameters.PeriodicLimits[0]!.PeriodType = 'Fortnight';
    expect(obVrpConsentRequest.safeParse(fortnight).success).toBe(false);
    expect(obVrpConsentRequest.safeParse({ ...consent, Risk: { Colour: 'blue' } }).success).toBe(false);
  });

  it('requires the instruction fields of a payment', () => {
    const vrp = {
      Data: {
        ConsentId: 'C1',
        PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
        VRPType: 'UK.OBIE.VRPType.Other',
        Initiation: consent.Data.Initiation,
        Instruction: {
          InstructionIdentification: 'PM01-0',
          EndToEndIdentification: 'PM01',
          InstructedAmount: { Amount: '29.99', Currency: 'GBP' },
          CreditorAccount: consent.Data.Initiation.CreditorAccount,
        },
      },
      Risk: {},
    };
    expect(obVrpRequest.safeParse(vrp).success).toBe(true);
    expect(
      obVrpRequest.safeParse({
        ...vrp,
        Data: { ...vrp.Data, Instruction: { ...vrp.Data.Instruction, InstructedAmount: { Amount: '1e3', Currency: 'GBP' } } },
      }).success,
    ).toBe(false);
  });

  it('converts amounts exactly both ways', () => {
    expect(toObAmount(2999n, 'GBP')).toEqual({ Amount: '29.99', Currency: 'GBP' });
    expect(toObAmount(1000n, 'JPY')).toEqual({ Amount: '1000', Currency: 'JPY' });
    expect(fromObAmount({ Amount: '29.99', Currency: 'GBP' })).toBe(2999n);
    expect(fromObAmount({ Amount: '29.990', Currency: 'GBP' })).toBe(2999n);
    expect(fromObAmount({ Amount: '29.999', Currency: 'GBP' })).toBeNull();
    expect(fromObAmount({ Amount: '0', Currency: 'GBP' })).toBeNull();
  });

  it('tells settled, failed and pending payment statuses apart', () => {
    expect(paymentStage('ACSC')).toBe('settled');
    expect(paymentStage('RJCT')).toBe('failed');
    expect(paymentStage('ACSP')).toBe('pending');
    expect(paymentStage('BLCK')).toBe('pending');
  });
});
