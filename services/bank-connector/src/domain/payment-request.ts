import { toObAmount, type ObVrpConsentRequest, type ObVrpInitiation, type ObVrpRequest, type VrpType } from '@vrp/open-banking';

/** The consent a payment is made under, as the connector keeps it. */
export interface PaymentConsent {
  bankConsentId: string;
  initiation: ObVrpInitiation;
  request: ObVrpConsentRequest;
}

/** One attempt as the bank is asked to make it. */
export interface PaymentInstruction {
  instructionId: string;
  endToEndId: string;
  reference: string;
  amountMinor: bigint;
  currency: string;
}

/**
 * The body of POST /domestic-vrps: the consent's Initiation and Risk as staged (a bank checks they
 * match), the instruction identified by the attempt, the reference as the creditor's reference
 * (what the customer's statement shows), and the creditor account of the consent.
 */
export function paymentRequest(consent: PaymentConsent, p: PaymentInstruction): ObVrpRequest {
  const creditor = consent.initiation.CreditorAccount ?? consent.request.Data.Initiation.CreditorAccount;
  if (!creditor) throw new Error(`consent ${consent.bankConsentId} names no creditor account`);
  const vrpType: VrpType = consent.request.Data.ControlParameters.VRPType[0] ?? 'UK.OBIE.VRPType.Other';
  return {
    Data: {
      ConsentId: consent.bankConsentId,
      PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
      PSUInteractionType: 'OffSession',
      VRPType: vrpType,
      Initiation: consent.initiation,
      Instruction: {
        InstructionIdentification: p.instructionId,
        EndToEndIdentification: p.endToEndId,
        RemittanceInformation: { Structured: [{ CreditorReferenceInformation: { Reference: p.reference } }] },
        InstructedAmount: toObAmount(p.amountMinor, p.currency),
        CreditorAccount: creditor,
      },
    },
    Risk: consent.request.Risk,
  };
}
