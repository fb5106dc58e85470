import { z } from 'zod';
import {
  CONSENT_STATUSES,
  PERIOD_ALIGNMENTS,
  PERIOD_TYPES,
  PSU_AUTHENTICATION_METHODS,
  PSU_INTERACTION_TYPES,
  VRP_TYPES,
} from '../codes.js';
import {
  obAmount,
  obAmountValue,
  obCashAccount,
  obCurrency,
  obDateTime,
  obLinks,
  obMeta,
  obRemittanceInformation,
  obRisk,
  obStatusReason,
} from './common.js';

/** One PeriodicLimits entry: at most Amount in each period; a Fortnight must be Consent-aligned. */
export const obPeriodicLimit = z
  .object({
    PeriodType: z.enum(PERIOD_TYPES),
    PeriodAlignment: z.enum(PERIOD_ALIGNMENTS),
    Amount: obAmountValue,
    Currency: obCurrency,
  })
  .refine((l) => l.PeriodType !== 'Fortnight' || l.PeriodAlignment === 'Consent', {
    message: 'a Fortnight must be Consent-aligned',
    path: ['PeriodAlignment'],
  });
export type ObPeriodicLimit = z.infer<typeof obPeriodicLimit>;

/** OBDomesticVRPControlParameters: what the PSU authorises the PISP to collect. */
export const obControlParameters = z.object({
  ValidFromDateTime: obDateTime.optional(),
  ValidToDateTime: obDateTime.optional(),
  MaximumIndividualAmount: obAmount,
  PeriodicLimits: z.array(obPeriodicLimit).min(1),
  VRPType: z.array(z.enum(VRP_TYPES)).min(1),
  PSUAuthenticationMethods: z.array(z.enum(PSU_AUTHENTICATION_METHODS)).min(1),
  PSUInteractionTypes: z.array(z.enum(PSU_INTERACTION_TYPES)).optional(),
  SupplementaryData: z.object({}).loose().optional(),
});
export type ObControlParameters = z.infer<typeof obControlParameters>;

/** OBDomesticVRPInitiation: the payee (and, when known, the payer's account) the consent is for. */
export const obVrpInitiation = z.object({
  DebtorAccount: obCashAccount.optional(),
  CreditorAccount: obCashAccount.optional(),
  RemittanceInformation: obRemittanceInformation.optional(),
});
export type ObVrpInitiation = z.infer<typeof obVrpInitiation>;

/** OBDomesticVRPConsentRequest: the body of POST /domestic-vrp-consents. */
export const obVrpConsentRequest = z.object({
  Data: z.object({
    ReadRefundAccount: z.enum(['Yes', 'No']).optional(),
    ControlParameters: obControlParameters,
    Initiation: obVrpInitiation,
  }),
  Risk: obRisk,
});
export type ObVrpConsentRequest = z.infer<typeof obVrpConsentRequest>;

/** OBDomesticVRPConsentResponse: the consent as the bank keeps it. */
export const obVrpConsentResponse = z.object({
  Data: z.object({
    ReadRefundAccount: z.enum(['Yes', 'No']).optional(),
    ConsentId: z.string().min(1).max(128),
    CreationDateTime: obDateTime,
    Status: z.enum(CONSENT_STATUSES),
    StatusReason: z.array(obStatusReason).optional(),
    StatusUpdateDateTime: obDateTime,
    ControlParameters: obControlParameters,
    Initiation: obVrpInitiation,
    DebtorAccount: obCashAccount.optional(),
  }),
  Risk: obRisk,
  Links: obLinks,
  Meta: obMeta,
});
export type ObVrpConsentResponse = z.infer<typeof obVrpConsentResponse>;

/** OBVRPFundsConfirmationRequest: the body of POST /domestic-vrp-consents/{ConsentId}/funds-confirmation. */
export const obFundsConfirmationRequest = z.object({
  Data: z.object({
    ConsentId: z.string().min(1).max(128),
    Reference: z.string().min(1).max(35).optional(),
    InstructedAmount: obAmount,
  }),
});
export type ObFundsConfirmationRequest = z.infer<typeof obFundsConfirmationRequest>;

/** OBVRPFundsConfirmationResponse. */
export const obFundsConfirmationResponse = z.object({
  Data: z.object({
    FundsConfirmationId: z.string().min(1).max(40),
    ConsentId: z.string().min(1).max(128),
    CreationDateTime: obDateTime,
    Reference: z.string().min(1).max(35).optional(),
    FundsAvailableResult: z.object({
      FundsAvailableDateTime: obDateTime,
      FundsAvailable: z.enum(['Available', 'NotAvailable']),
    }),
    InstructedAmount: obAmount,
  }),
});
export type ObFundsConfirmationResponse = z.infer<typeof obFundsConfirmationResponse>;
