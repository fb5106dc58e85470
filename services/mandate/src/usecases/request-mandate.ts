import { ApiError, required, validationError } from '@vrp/errors';
import { KeyTaken, type IdempotencyClaim } from '@vrp/idempotency';
import { newId } from '@vrp/ids';
import { resourceIdOfKey } from '../db/idempotency.js';
import {
  insertMandateRequestWithKey,
  readMandateRequest,
  type MandateRequestRow,
  type RequestCustomerRefusal,
  type StoredCreditorAccount,
} from '../db/mandate-requests.js';
import { expiryOf } from '../domain/mandate-request-lifecycle.js';
import { checkMandateControls, type ControlsInput } from '../domain/mandate-controls.js';
import { checkMandateTerms, type MandateTermsInput } from '../domain/mandate-terms.js';
import type { Deps } from '../deps.js';
import { stageConsent } from './stage-consent.js';

export interface RequestMandateInput extends MandateTermsInput {
  merchantId: string;
  customerId: string;
  controls?: ControlsInput | undefined;
  /** The merchant's return address (its form is checked at the edge). */
  redirectUri: string;
  /** Seconds the customer has to authorise; 0 for the default. */
  expiresInSeconds: number;
  /** The merchant's account, shown to the customer as the payee. */
  creditorAccount: Partial<StoredCreditorAccount> | undefined;
  idempotency?: IdempotencyClaim | undefined;
}

function checkCreditorAccount(account: Partial<StoredCreditorAccount> | undefined): StoredCreditorAccount {
  const scheme = account?.scheme?.trim() ?? '';
  const identification = account?.identification?.trim() ?? '';
  const name = account?.name?.trim() ?? '';
  if (!scheme || !identification || !name) throw validationError('creditor_account', "the merchant's creditor account is not set");
  return { scheme, identification, name };
}

/**
 * Creates a mandate request awaiting authorisation: the mandate's terms are checked as a mandate
 * create checks them (but the customer's SCA is not required: it happens at the bank), the request
 * is committed with its mandate's id reserved, and then the consent is staged at the bank for the
 * authorisation link. Errors: validation_error, currency_mismatch, customer_not_found, customer_erased,
 * and the connector's (service_unavailable) when the bank cannot be reached: the request then exists
 * without a link, and repeating the create with the same Idempotency-Key stages it.
 */
export async function requestMandate(deps: Deps, input: RequestMandateInput): Promise<MandateRequestRow> {
  const merchantId = required('merchant_id', input.merchantId);
  const now = deps.clocks.now(merchantId);
  const terms = { ...checkMandateTerms(input), controls: checkMandateControls(input.controls, now) };
  const redirectUri = required('redirect_uri', input.redirectUri);
  const expiresAt = expiryOf(now, input.expiresInSeconds);
  const creditorAccount = checkCreditorAccount(input.creditorAccount);
  const customerId = required('customer_id', input.customerId);
  const replay = await replayed(deps, merchantId, input.idempotency);
  if (replay) return stageConsent(deps, replay);
  const id = newId('mandateRequest');
  const request = {
    id,
    merchantId,
    customerId,
    terms,
    creditorAccount,
    redirectUri,
    mandateId: newId('mandate'),
    expiresAt,
    createdAt: now,
  };
  const idempotency = input.idempotency;
  let row: MandateRequestRow;
  try {
    row = await insertMandateRequestWithKey(deps.sql, request, idempotency, (why) => refusal(why, customerId));
  } catch (err) {
    // A concurrent create with the same key committed first: its request is the one, staged once.
    if (err instanceof KeyTaken) return stageConsent(deps, (await replayed(deps, merchantId, idempotency))!);
    throw err;
  }
  return stageConsent(deps, row);
}

async function replayed(deps: Deps, merchantId: string, claim: IdempotencyClaim | undefined): Promise<MandateRequestRow | undefined> {
  if (!claim) return undefined;
  const id = await resourceIdOfKey(deps.sql, merchantId, claim, deps.clocks.now(merchantId));
  return id ? ((await readMandateRequest(deps.sql, merchantId, id)) ?? undefined) : undefined;
}

/** The error a customer that cannot be asked for the mandate makes. */
function refusal(why: RequestCustomerRefusal, customerId: string): ApiError {
  if (why === 'customer_not_found')
    return new ApiError('customer_not_found', `No such customer: '${customerId}'`, { param: 'customer_id' });
  return new ApiError('customer_erased', `Customer '${customerId}' was erased: it cannot be asked for a mandate.`, {
    param: 'customer_id',
  });
}
