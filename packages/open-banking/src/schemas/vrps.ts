import { z } from 'zod';
import { PAYMENT_STATUSES, PSU_AUTHENTICATION_METHODS, PSU_INTERACTION_TYPES, VRP_TYPES } from '../codes.js';
import { obAmount, obCashAccount, obDateTime, obLinks, obMeta, obRemittanceInformation, obRisk, obStatusReason } from './common.js';
import { obVrpInitiation } from './consents.js';

/** OBDomesticVRPInstruction: one payment under the consent. */
export const obVrpInstruction = z.object({
  /** The PISP's identification of the instruction (unique per PISP); the platform sends its payment attempt. */
  InstructionIdentification: z.string().min(1).max(35),
  /** Travels with the payment to the creditor's statement. */
  EndToEndIdentification: z.string().min(1).max(35),
  RemittanceInformation: obRemittanceInformation.optional(),
  LocalInstrument: z.string().optional(),
  InstructedAmount: obAmount,
  CreditorAccount: obCashAccount,
  SupplementaryData: z.object({}).loose().optional(),
});
export type ObVrpInstruction = z.infer<typeof obVrpInstruction>;

/** OBDomesticVRPRequest: the body of POST /domestic-vrps. */
export const obVrpRequest = z.object({
  Data: z.object({
    ConsentId: z.string().min(1).max(128),
    PSUAuthenticationMethod: z.enum(PSU_AUTHENTICATION_METHODS),
    PSUInteractionType: z.enum(PSU_INTERACTION_TYPES).optional(),
    VRPType: z.enum(VRP_TYPES),
    Initiation: obVrpInitiation,
    Instruction: obVrpInstruction,
  }),
  Risk: obRisk,
});
export type ObVrpRequest = z.infer<typeof obVrpRequest>;

/** OBDomesticVRPResponse: a payment order as the bank keeps it. */
export const obVrpResponse = z.object({
  Data: z.object({
    DomesticVRPId: z.string().min(1).max(40),
    ConsentId: z.string().min(1).max(128),
    CreationDateTime: obDateTime,
    Status: z.enum(PAYMENT_STATUSES),
    StatusReason: z.array(obStatusReason).optional(),
    StatusUpdateDateTime: obDateTime,
    ExpectedExecutionDateTime: obDateTime.optional(),
    ExpectedSettlementDateTime: obDateTime.optional(),
    /** The payer's account, for refunds (when the consent asked ReadRefundAccount: Yes). */
    Refund: obCashAccount.optional(),
    Initiation: obVrpInitiation,
    Instruction: obVrpInstruction,
    DebtorAccount: obCashAccount.optional(),
  }),
  Risk: obRisk,
  Links: obLinks,
  Meta: obMeta,
});
export type ObVrpResponse = z.infer<typeof obVrpResponse>;

/** OBDomesticVRPDetails: GET /domestic-vrps/{DomesticVRPId}/payment-details. */
export const obVrpDetails = z.object({
  Data: z.object({
    PaymentStatus: z
      .array(
        z.object({
          PaymentTransactionId: z.string().min(1).max(210),
          Status: z.enum(PAYMENT_STATUSES),
          StatusUpdateDateTime: obDateTime,
          StatusDetail: z
            .object({
              LocalInstrument: z.string().optional(),
              Status: z.string().min(1).max(128),
              StatusReason: z.string().optional(),
              StatusReasonDescription: z.string().min(1).max(256).optional(),
            })
            .optional(),
        }),
      )
      .optional(),
  }),
});
export type ObVrpDetails = z.infer<typeof obVrpDetails>;
