import { randomBytes, randomUUID } from 'node:crypto';
import { validationError } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { stageConsentOnce, type ConsentRow } from '../db/consents.js';
import { consentRequest, type AccountTerm, type ConsentTerms } from '../domain/control-parameters.js';
import { consentKey } from '../domain/request-keys.js';
import { digest, seal, unseal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';

/** What a mandate's consent is staged with. */
export interface StageConsentInput {
  merchantId: string;
  mandateId: string;
  mandateRequestId: string | null;
  customerId: string;
  terms: ConsentTerms;
  creditor: AccountTerm;
  returnUri: string | null;
  /** When the journey ends; default CONNECTOR_JOURNEY_TTL from now on the merchant's clock. */
  expiresAt: Date | null;
}

/** The staged consent and the customer's link to authorise it. */
export interface StagedConsent {
  consent: ConsentRow;
  authorisationUrl: string;
}

/**
 * Stages the mandate's consent at the bank, once per (merchant, mandate): a repeat answers the same
 * consent and link. The row is claimed first and the bank's answer recorded in the same
 * transaction, so a racing stage waits for this one and answers what it staged (one consent at the
 * bank); the x-idempotency-key derived from the mandate makes a retry after a crash get the same
 * consent back from the bank. The link's token is random, stored hashed (and sealed, to answer
 * repeats).
 */
export async function stageConsent(deps: Deps, input: StageConsentInput): Promise<StagedConsent> {
  const request = consentRequest(input.terms, input.creditor, input.customerId);
  if (input.returnUri) checkReturnUri(input.returnUri);
  const now = deps.clocks.now(input.merchantId);
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + deps.settings.journeyTtlMs);
  if (expiresAt <= now) throw validationError('expires_at', 'must be in the future');
  const consent = await stageConsentOnce(
    deps.sql,
    input.merchantId,
    input.mandateId,
    () => {
      const token = randomBytes(32).toString('base64url');
      return {
        id: randomUUID(),
        merchantId: input.merchantId,
        mandateId: input.mandateId,
        mandateRequestId: input.mandateRequestId,
        customerId: input.customerId,
        request,
        currency: input.terms.currency,
        vrpType: input.terms.vrpType,
        returnUri: input.returnUri,
        expiresAt,
        linkTokenHash: digest(token),
        linkTokenSealed: seal(deps.settings.secretKeys, token),
      };
    },
    async () => {
      let answer;
      try {
        answer = await deps.bank.createConsent(request, consentKey(input.merchantId, input.mandateId));
      } catch (err) {
        throw bankFailureAsApiError(err, 'stage the consent');
      }
      const data = answer.body.Data;
      deps.logger.info('consent staged at the bank', {
        merchant_id: input.merchantId,
        mandate_id: input.mandateId,
        consent_id: data.ConsentId,
        fapi_interaction_id: answer.interactionId,
      });
      return { bankConsentId: data.ConsentId, bankStatus: data.Status, initiation: data.Initiation };
    },
  );
  return { consent, authorisationUrl: authorisationLink(deps, consent) };
}

/** The platform's link that starts the customer's authorisation of `consent`. */
export function authorisationLink(deps: Pick<Deps, 'settings'>, consent: ConsentRow): string {
  return `${deps.settings.publicBaseUrl}/v1/bank/authorise/${unseal(deps.settings.secretKeys, consent.linkTokenSealed)}`;
}

function checkReturnUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw validationError('return_uri', 'must be an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw validationError('return_uri', 'must be an http(s) URL');
}
