import type { ObVrpConsentRequest } from '@vrp/open-banking';
import { consentById, insertConsent } from '../db/consents.js';
import { clockKeyOf, customerRefOf, type Consent } from '../domain/consent.js';
import { consentTerms } from '../domain/consent-terms.js';
import { newConsentId } from '../domain/ids.js';
import type { Deps } from '../deps.js';
import { idempotently, type IdempotentRequest } from './idempotently.js';

/**
 * POST /domestic-vrp-consents: stages a consent (AWAU) on its payee's clock once its control
 * parameters are checked (see consentTerms); idempotent per x-idempotency-key.
 */
export async function createConsent(deps: Deps, input: IdempotentRequest & { request: ObVrpConsentRequest }): Promise<Consent> {
  const { request } = input;
  const clockKey = clockKeyOf(request.Data.Initiation.CreditorAccount);
  const now = deps.clocks.now(clockKey);
  const terms = consentTerms(request, now);
  const id = newConsentId();
  return idempotently(
    deps.db,
    input,
    'domestic-vrp-consents',
    id,
    async (tx) => {
      const consent: Consent = {
        id,
        clientId: input.clientId,
        status: 'AWAU',
        statusReasons: null,
        readRefundAccount: request.Data.ReadRefundAccount ?? null,
        controlParameters: request.Data.ControlParameters,
        initiation: request.Data.Initiation,
        risk: request.Risk,
        customerRef: customerRefOf(request.Risk, id),
        clockKey,
        currency: terms.currency,
        maxIndividualMinor: terms.maxIndividualMinor,
        accountId: null,
        grantId: null,
        expiresAt: terms.expiresAt ?? null,
        creationDateTime: now,
        statusUpdateDateTime: now,
      };
      await insertConsent(tx, consent);
      return consent;
    },
    async (tx, existing) => (await consentById(tx, existing))!,
  );
}
