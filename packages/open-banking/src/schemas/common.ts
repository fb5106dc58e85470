import { z } from 'zod';
import { ACCOUNT_SCHEMES, PAYMENT_CONTEXT_CODES } from '../codes.js';

/** OBActiveCurrencyAndAmount_SimpleType: up to 13 digits and 5 decimals, as a string. */
export const obAmountValue = z.string().regex(/^\d{1,13}$|^\d{1,13}\.\d{1,5}$/, 'must be an amount such as 10.00');

/** ActiveOrHistoricCurrencyCode. */
export const obCurrency = z.string().regex(/^[A-Z]{3,3}$/, 'must be an ISO 4217 code');

/** OBActiveOrHistoricCurrencyAndAmount. */
export const obAmount = z.object({ Amount: obAmountValue, Currency: obCurrency });
export type ObAmount = z.infer<typeof obAmount>;

/** An ISO date-time as the standard writes it (offset required). */
export const obDateTime = z.iso.datetime({ offset: true });

/** OBCashAccountCreditor3 / OBCashAccountDebtorWithName (the two have the same shape). */
export const obCashAccount = z.object({
  SchemeName: z.enum(ACCOUNT_SCHEMES),
  Identification: z.string().min(1).max(256),
  Name: z.string().min(1).max(70),
  SecondaryIdentification: z.string().min(1).max(34).optional(),
});
export type ObCashAccount = z.infer<typeof obCashAccount>;

/**
 * OBRemittanceInformation2, the parts the platform uses: the creditor's reference (what the payer's
 * statement shows) in Structured[].CreditorReferenceInformation.Reference, and free text.
 */
export const obRemittanceInformation = z.object({
  Structured: z
    .array(
      z
        .object({
          CreditorReferenceInformation: z
            .object({
              Code: z.string().optional(),
              Issuer: z.string().min(1).max(35).optional(),
              Reference: z.string().min(1).max(35).optional(),
            })
            .optional(),
          AdditionalRemittanceInformation: z.array(z.string().min(1).max(140)).max(3).optional(),
        })
        .loose(),
    )
    .optional(),
  Unstructured: z.array(z.string().min(1).max(140)).optional(),
});
export type ObRemittanceInformation = z.infer<typeof obRemittanceInformation>;

/** OBRisk1: the payment's context for the bank's risk scoring; no other properties allowed. */
export const obRisk = z
  .object({
    PaymentContextCode: z.enum(PAYMENT_CONTEXT_CODES).optional(),
    MerchantCategoryCode: z.string().min(3).max(4).optional(),
    MerchantCustomerIdentification: z.string().min(1).max(70).optional(),
    ContractPresentIndicator: z.boolean().optional(),
    BeneficiaryPrepopulatedIndicator: z.boolean().optional(),
  })
  .strict();
export type ObRisk = z.infer<typeof obRisk>;

/** OBStatusReason / OBPaymentStatusReason. */
export const obStatusReason = z.object({
  StatusReasonCode: z.string().min(1).max(4).optional(),
  StatusReasonDescription: z.string().min(1).max(500).optional(),
  Path: z.string().min(1).max(500).optional(),
});
export type ObStatusReason = z.infer<typeof obStatusReason>;

/** Links: Self is required. */
export const obLinks = z.object({ Self: z.url() }).loose();

/** Meta: an open object. */
export const obMeta = z.object({}).loose();

/** OBError1. */
export const obError = z
  .object({
    ErrorCode: z.string().min(1).max(40),
    Message: z.string().min(1).max(500).optional(),
    Path: z.string().min(1).max(500).optional(),
    Url: z.string().optional(),
  })
  .strict();

/** OBErrorResponse1: the body of every error answer. */
export const obErrorResponse = z
  .object({
    Id: z.string().min(1).max(40).optional(),
    Code: z.string().min(1).max(40).optional(),
    Message: z.string().min(1).max(500).optional(),
    Errors: z.array(obError).min(1),
  })
  .strict();
export type ObErrorResponse = z.infer<typeof obErrorResponse>;
