import { createHash } from 'node:crypto';
import type { ConsentStatus, ObControlParameters, ObRisk, ObStatusReason, ObVrpInitiation } from '@vrp/open-banking';

/** A domestic-vrp-consent as the bank keeps it. */
export interface Consent {
  id: string;
  clientId: string;
  status: ConsentStatus;
  statusReasons: ObStatusReason[] | null;
  readRefundAccount: 'Yes' | 'No' | null;
  controlParameters: ObControlParameters;
  initiation: ObVrpInitiation;
  risk: ObRisk;
  /** Who the PSU is for its client (Risk.MerchantCustomerIdentification, or the consent itself). */
  customerRef: string;
  /** Whose sandbox clock the consent runs on (its payee's account, or '' for the wall clock). */
  clockKey: string;
  currency: string;
  maxIndividualMinor: bigint;
  /** The account the PSU chose, once authorised. */
  accountId: string | null;
  grantId: string | null;
  expiresAt: Date | null;
  creationDateTime: Date;
  statusUpdateDateTime: Date;
}

/** The statuses a consent can leave for each status it may move to. */
export const CONSENT_MOVES = {
  AUTH: ['AWAU'],
  RJCT: ['AWAU'],
  CANC: ['AWAU', 'AUTH'],
  EXPD: ['AWAU', 'AUTH'],
} as const satisfies Partial<Record<ConsentStatus, readonly ConsentStatus[]>>;

/** Whose customer a consent's PSU is: its MerchantCustomerIdentification, else the consent alone. */
export function customerRefOf(risk: ObRisk, consentId: string): string {
  return risk.MerchantCustomerIdentification ?? `consent:${consentId}`;
}

/** The sandbox clock key of a payee account ("SchemeName:Identification"), '' without one. */
export function clockKeyOf(account: { SchemeName: string; Identification: string } | undefined): string {
  return account ? `${account.SchemeName}:${account.Identification}` : '';
}

/**
 * The PSU's subject identifier at the authorisation server (`sub`): a digest of its client and
 * customer reference, so tokens and ID tokens never carry the client's own customer reference.
 */
export function psuSubject(clientId: string, customerRef: string): string {
  return createHash('sha256').update(`${clientId}\u0000${customerRef}`).digest('base64url').slice(0, 27);
}
