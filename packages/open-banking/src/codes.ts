/**
 * The code sets of the Open Banking UK Read/Write API v4.0 VRP profile that the platform and the
 * model bank use, as the published OpenAPI document and the profile define them.
 */

/** Where the VRP resources live under a bank's resource server. */
export const VRP_BASE_PATH = '/open-banking/v4.0/pisp';

/** The OAuth scope a PISP calls the VRP resources with. */
export const PAYMENTS_SCOPE = 'payments';

/** A domestic-vrp-consent's Status. */
export const CONSENT_STATUSES = ['AWAU', 'RJCT', 'AUTH', 'CANC', 'EXPD'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** A domestic-vrp's Status: the ISO 20022 payment status codes the profile allows. */
export const PAYMENT_STATUSES = [
  'RCVD',
  'RJCT',
  'CANC',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACSP',
  'ACWC',
  'ACSC',
  'ACWP',
  'ACCC',
  'BLCK',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How far a payment status says the payment got: `settled` once the debtor's account was debited
 * (ACSC) or the creditor's credited (ACCC); `failed` when rejected or cancelled; otherwise the bank
 * is still working on it (`pending`; BLCK is a hold, not an end).
 */
export function paymentStage(status: PaymentStatus): 'pending' | 'settled' | 'failed' {
  if (status === 'ACSC' || status === 'ACCC') return 'settled';
  if (status === 'RJCT' || status === 'CANC') return 'failed';
  return 'pending';
}

/** PeriodicLimits[].PeriodType. */
export const PERIOD_TYPES = ['Day', 'Week', 'Fortnight', 'Month', 'Half-year', 'Year'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** PeriodicLimits[].PeriodAlignment; a Fortnight must be Consent-aligned. */
export const PERIOD_ALIGNMENTS = ['Consent', 'Calendar'] as const;
export type PeriodAlignment = (typeof PERIOD_ALIGNMENTS)[number];

/** ControlParameters.VRPType entries. */
export const VRP_TYPES = ['UK.OBIE.VRPType.Sweeping', 'UK.OBIE.VRPType.Other'] as const;
export type VrpType = (typeof VRP_TYPES)[number];

/** ControlParameters.PSUAuthenticationMethods entries. */
export const PSU_AUTHENTICATION_METHODS = ['UK.OBIE.SCA', 'UK.OBIE.SCANotRequired'] as const;
export type PsuAuthenticationMethod = (typeof PSU_AUTHENTICATION_METHODS)[number];

/** ControlParameters.PSUInteractionTypes entries. */
export const PSU_INTERACTION_TYPES = ['InSession', 'OffSession'] as const;
export type PsuInteractionType = (typeof PSU_INTERACTION_TYPES)[number];

/** Account identification schemes (OBInternalAccountIdentification4Code). */
export const ACCOUNT_SCHEMES = [
  'UK.OBIE.BBAN',
  'UK.OBIE.IBAN',
  'UK.OBIE.PAN',
  'UK.OBIE.Paym',
  'UK.OBIE.SortCodeAccountNumber',
  'UK.OBIE.Wallet',
] as const;
export type AccountScheme = (typeof ACCOUNT_SCHEMES)[number];

/** Risk.PaymentContextCode values. */
export const PAYMENT_CONTEXT_CODES = [
  'BillingGoodsAndServicesInAdvance',
  'BillingGoodsAndServicesInArrears',
  'EcommerceMerchantInitiatedPayment',
  'FaceToFacePointOfSale',
  'TransferToSelf',
  'TransferToThirdParty',
] as const;
export type PaymentContextCode = (typeof PAYMENT_CONTEXT_CODES)[number];

/**
 * The error codes (Errors[].ErrorCode) the platform and the model bank use, from the profile's
 * list of `U` codes. A control-parameter breach is U014 (the v3 name of which was
 * UK.OBIE.Rules.FailsControlParameters).
 */
export const ERROR_CODES = {
  /** The request body does not follow the schema. */
  invalidField: 'U001',
  /** A required field is missing. */
  missingField: 'U002',
  /** A date or time is malformed. */
  invalidDate: 'U003',
  /** A header is missing or malformed (x-jws-signature, x-idempotency-key, …). */
  invalidHeader: 'U005',
  /** The resource named does not exist (for this client). */
  resourceNotFound: 'U007',
  /** The consent is not in a status that allows the operation (e.g. not AUTH). */
  invalidConsentStatus: 'U009',
  /** The x-jws-signature is missing or does not verify. */
  invalidSignature: 'U010',
  /** The same x-idempotency-key came with a different body. */
  idempotencyKeyReused: 'U011',
  /** The payment breaches the consent's control parameters. */
  failsControlParameters: 'U014',
  /** Something the bank does not support. */
  unsupported: 'U023',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * ISO 20022 status reason codes (StatusReason[].StatusReasonCode) the model bank gives a rejected
 * payment and the platform maps to its failure codes.
 */
export const STATUS_REASONS = {
  /** The debtor's account cannot cover the amount. */
  insufficientFunds: 'AM04',
  /** The debtor's account is closed. */
  accountClosed: 'AC04',
  /** The debtor's account is blocked. */
  accountBlocked: 'AC06',
  /** The PSU stopped the payment (cancelled by the customer). */
  stoppedByCustomer: 'CUST',
  /** The bank refused the payment for a reason it does not give (regulatory or its own). */
  notSpecifiedAgent: 'MS03',
  /** The payment breaches a control parameter (when reported as a status reason). */
  failsControlParameters: 'U014',
  /** The consent is no longer authorised (revoked, expired). */
  invalidConsentStatus: 'U009',
  /** A technical problem at the bank; trying again later may succeed. */
  technical: 'TECH',
} as const;
export type StatusReasonCode = (typeof STATUS_REASONS)[keyof typeof STATUS_REASONS] | (string & {});

/** The event types of real-time event notifications. */
export const EVENT_TYPES = {
  resourceUpdate: 'urn:uk:org:openbanking:events:resource-update',
  consentAuthorizationRevoked: 'urn:uk:org:openbanking:events:consent-authorization-revoked',
  linkedAccountUpdate: 'urn:uk:org:openbanking:events:account-access-consent-linked-account-update',
} as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Resource types (`http://openbanking.org.uk/rty`) of event subjects. */
export const RESOURCE_TYPES = {
  consent: 'domestic-vrp-consents',
  vrp: 'domestic-vrps',
} as const;
