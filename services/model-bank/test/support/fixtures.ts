import type { ObVrpConsentRequest, ObVrpRequest } from '@vrp/open-banking';

/** The merchant's account the tests collect into. */
export const PAYEE = { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '04000412345678', Name: 'Acme Gym' } as const;

/** A consent request: 50.00 a payment, 120.00 a calendar month, no end; `change` edits it. */
export function consentRequest(customer: string, change: (r: ObVrpConsentRequest) => void = () => {}): ObVrpConsentRequest {
  const request: ObVrpConsentRequest = {
    Data: {
      ReadRefundAccount: 'Yes',
      ControlParameters: {
        MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
        PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '120.00', Currency: 'GBP' }],
        VRPType: ['UK.OBIE.VRPType.Other'],
        PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
        PSUInteractionTypes: ['OffSession'],
      },
      Initiation: { CreditorAccount: { ...PAYEE } },
    },
    Risk: { PaymentContextCode: 'BillingGoodsAndServicesInArrears', MerchantCustomerIdentification: customer },
  };
  change(request);
  return request;
}

let instruction = 0;

/** A payment under `consent` of `amount` GBP. */
export function paymentRequest(consentId: string, consent: ObVrpConsentRequest, amount: string): ObVrpRequest {
  instruction++;
  return {
    Data: {
      ConsentId: consentId,
      PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
      PSUInteractionType: 'OffSession',
      VRPType: 'UK.OBIE.VRPType.Other',
      Initiation: consent.Data.Initiation,
      Instruction: {
        InstructionIdentification: `PM-${instruction}`,
        EndToEndIdentification: `E2E-${instruction}`,
        InstructedAmount: { Amount: amount, Currency: 'GBP' },
        CreditorAccount: { ...PAYEE },
      },
    },
    Risk: consent.Risk,
  };
}
