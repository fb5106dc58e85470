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
 * The error codes (Errors[].ErrorCode) of the Read/Write API v4.0. Version 4 replaced the v3 names
 * (UK.OBIE.Field.Missing, …) with `U` numbers; the table below is that mapping (the profile's own
 * examples pin U003 to an invalid date, U004 to a missing field, U009 to InvalidConsentStatus, U014 to
 * FailsControlParameters and U027 to an unsupported scheme). A control-parameter breach is U014.
 */
export const ERROR_CODES = {
  /** UK.OBIE.Field.Expected: a field the other fields make necessary is absent. */
  fieldExpected: 'U001',
  /** UK.OBIE.Field.Invalid: a field's value is not acceptable (schema or rule). */
  invalidField: 'U002',
  /** UK.OBIE.Field.InvalidDate: a date or time is malformed or out of range. */
  invalidDate: 'U003',
  /** UK.OBIE.Field.Missing: a required field is missing. */
  missingField: 'U004',
  /** UK.OBIE.Field.Unexpected: a field the bank does not accept here (e.g. SupplementaryData it cannot process). */
  unexpectedField: 'U005',
  /** UK.OBIE.Header.Invalid: a header is malformed (x-idempotency-key over 40 characters, …). */
  invalidHeader: 'U006',
  /** UK.OBIE.Header.Missing: a required header is absent (x-idempotency-key on a POST that needs one). */
  missingHeader: 'U007',
  /** UK.OBIE.Resource.ConsentMismatch: the payment does not match its consent (Initiation, Risk, creditor). */
  consentMismatch: 'U008',
  /** UK.OBIE.Resource.InvalidConsentStatus: the consent is not in a status that allows the operation (e.g. not AUTH). */
  invalidConsentStatus: 'U009',
  /** UK.OBIE.Resource.InvalidFormat: the body is not JSON the resource can read. */
  invalidFormat: 'U010',
  /** UK.OBIE.Resource.NotFound: the resource named does not exist. */
  resourceNotFound: 'U011',
  /** UK.OBIE.Rules.AfterCutOffDateTime. */
  afterCutOff: 'U012',
  /** UK.OBIE.Rules.DuplicateReference. */
  duplicateReference: 'U013',
  /** UK.OBIE.Rules.FailsControlParameters: the payment breaches the consent's control parameters. */
  failsControlParameters: 'U014',
  /** UK.OBIE.Signature.Invalid: the x-jws-signature does not verify. */
  invalidSignature: 'U015',
  /** UK.OBIE.Signature.InvalidClaim: a signature header claim has a value the verifier refuses. */
  invalidSignatureClaim: 'U016',
  /** UK.OBIE.Signature.MissingClaim: a signature header claim the profile requires is absent. */
  missingSignatureClaim: 'U017',
  /** UK.OBIE.Signature.Malformed: the x-jws-signature is not a detached JWS. */
  malformedSignature: 'U018',
  /** UK.OBIE.Signature.Missing: the x-jws-signature header is absent. */
  missingSignature: 'U019',
  /** UK.OBIE.Signature.Unexpected. */
  unexpectedSignature: 'U020',
  /** UK.OBIE.Unsupported.AccountIdentifier. */
  unsupportedAccountIdentifier: 'U021',
  /** UK.OBIE.Unsupported.AccountSecondaryIdentifier. */
  unsupportedAccountSecondaryIdentifier: 'U022',
  /** UK.OBIE.Unsupported.Currency: a currency the bank does not support. */
  unsupportedCurrency: 'U023',
  /** UK.OBIE.Unsupported.EventType. */
  unsupportedEventType: 'U024',
  /** UK.OBIE.Unsupported.Frequency. */
  unsupportedFrequency: 'U025',
  /** UK.OBIE.Unsupported.LocalInstrument. */
  unsupportedLocalInstrument: 'U026',
  /** UK.OBIE.Unsupported.Scheme: an account scheme the bank does not support. */
  unsupportedScheme: 'U027',
  /** UK.OBIE.Reauthenticate: the PSU must authorise the consent again. */
  reauthenticate: 'U028',
  /** UK.OBIE.Rules.ResourceAlreadyExists. */
  resourceAlreadyExists: 'U029',
  /** UK.OBIE.UnexpectedError: the bank failed; the request may be retried. */
  unexpectedError: 'U000',
  /**
   * The same x-idempotency-key came with a different body: the header is invalid for this request
   * (the profile has no code of its own for it).
   */
  idempotencyKeyReused: 'U006',
  /** Something the bank does not support (U023 is UK.OBIE.Unsupported.Currency; prefer the specific codes). */
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
  /** The creditor's account number is not one the bank holds (a payout to an unknown account). */
  incorrectAccountNumber: 'AC01',
  /** The amount is in a currency the account does not hold. */
  currencyNotAllowed: 'AM03',
  /** The PSU (customer) cancelled for a reason it did not give (a consent revoked by the customer). */
  notSpecifiedCustomer: 'MS02',
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
  /** The model bank's payout extension (not part of Open Banking). */
  payout: 'payouts',
} as const;

/**
 * `reason` of a consent-authorization-revoked event: who revoked the consent at the bank (the
 * profile leaves the code set to the bank; these are the model bank's).
 */
export const REVOCATION_REASONS = {
  customer: 'revoked_by_customer',
  bank: 'revoked_by_bank',
} as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[keyof typeof REVOCATION_REASONS];

/**
 * `reason` of an account-access-consent-linked-account-update event: why the account linked to a
 * consent changed. A switched account keeps working (the consent now names the new account); a
 * closed or blocked one fails payments (AC04 / AC06).
 */
export const LINKED_ACCOUNT_REASONS = ['account_closed', 'account_switched', 'account_blocked'] as const;
export type LinkedAccountReason = (typeof LINKED_ACCOUNT_REASONS)[number];
