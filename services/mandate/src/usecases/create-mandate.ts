import { ApiError, required } from '@vrp/errors';
import { KeyTaken, type IdempotencyClaim } from '@vrp/idempotency';
import { newId } from '@vrp/ids';
import { checkMandateTerms, type MandateTermsInput } from '../domain/mandate-terms.js';
import { checkMandateControls, type ControlsInput } from '../domain/mandate-controls.js';
import { ERASURE_CONSTRAINTS, erasureViolation } from '../db/customers.js';
import { resourceIdOfKey } from '../db/idempotency.js';
import { insertMandateWithKey, readMandate, setMandateAuthorisation, type CustomerRefusal } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import type { StoredCreditorAccount } from '../db/mandate-requests.js';
import type { Deps } from '../deps.js';
import { stageMandateConsent } from './stage-consent.js';

export interface CreateMandateInput extends MandateTermsInput {
  merchantId: string;
  customerId: string;
  /** VRP consent controls, if any were asked for. */
  controls?: ControlsInput | undefined;
  /** The merchant's Idempotency-Key with the request's fingerprint, when one was sent. */
  idempotency?: IdempotencyClaim | undefined;
  /** The merchant's account: when given, the mandate's consent is staged at the bank with it as payee. */
  creditorAccount?: StoredCreditorAccount | undefined;
}

/**
 * Creates a mandate in pending_sca for a customer of the merchant who has completed SCA, and
 * announces mandate.created in the same statement. Errors: validation_error,
 * currency_mismatch, customer_not_found, (controls: see checkMandateControls) customer_erased (also when
 * an erase of the customer commits while this runs), customer_sca_incomplete. With an Idempotency-Key
 * the key is bound to the mandate in the same transaction: a repeat returns that mandate.
 * With a creditor account, the mandate's consent is then staged at the bank (once per mandate,
 * however often the create is repeated) and the customer's authorisation link recorded on the
 * mandate (its answers carry it while pending_sca); when the bank cannot be reached the
 * connector's error (service_unavailable) is answered, the mandate exists, and repeating the
 * create with the same Idempotency-Key stages it.
 */
export async function createMandate(deps: Deps, input: CreateMandateInput): Promise<MandateRow> {
  const row = await createMandateRow(deps, input);
  if (!input.creditorAccount || row.authorisationUrl !== null) return row;
  const link = await stageMandateConsent(deps, row, input.creditorAccount);
  // The connector dates every link it gives; one without a date would be a broken answer, not kept.
  if (!link?.expiresAt) return row;
  // A racing repeat may have recorded the same link first: answer the mandate as it stands.
  return (
    (await setMandateAuthorisation(deps.sql, row.merchantId, row.id, { url: link.url, expiresAt: link.expiresAt })) ??
    (await readMandate(deps.sql, row.merchantId, row.id)) ??
    row
  );
}

async function createMandateRow(deps: Deps, input: CreateMandateInput): Promise<MandateRow> {
  const merchantId = required('merchant_id', input.merchantId);
  const now = deps.clocks.now(merchantId);
  const terms = { ...checkMandateTerms(input), controls: checkMandateControls(input.controls, now) };
  const replay = await replayed(deps, merchantId, input.idempotency);
  if (replay) return replay;
  const id = newId('mandate');
  let row: MandateRow;
  try {
    row = await insertMandateWithKey(
      deps.sql,
      deps.subjectPrefix,
      { merchantId, customerId: input.customerId, terms, id, createdAt: now, consentExpected: input.creditorAccount !== undefined },
      input.idempotency,
      (why) => refusal(why, input.customerId),
    );
  } catch (err) {
    // A concurrent create with the same key committed first: answer with its mandate.
    if (err instanceof KeyTaken) return (await replayed(deps, merchantId, input.idempotency))!;
    // The customer's erase committed after this statement read the customer, before its insert.
    if (erasureViolation(err) === ERASURE_CONSTRAINTS.mandateOfErased) throw customerErased(input.customerId);
    throw err;
  }
  deps.afterCommit();
  return row;
}

/** The mandate an earlier create with the same Idempotency-Key made, if any. */
async function replayed(deps: Deps, merchantId: string, claim: IdempotencyClaim | undefined): Promise<MandateRow | undefined> {
  if (!claim) return undefined;
  const id = await resourceIdOfKey(deps.sql, merchantId, claim, deps.clocks.now(merchantId));
  return id ? ((await readMandate(deps.sql, merchantId, id)) ?? undefined) : undefined;
}

/** The error a customer that cannot have the mandate makes. */
function refusal(why: CustomerRefusal, customerId: string): ApiError {
  if (why === 'customer_not_found')
    return new ApiError('customer_not_found', `No such customer: '${customerId}'`, { param: 'customer_id' });
  if (why === 'customer_erased') return customerErased(customerId);
  return new ApiError('customer_sca_incomplete', `Customer '${customerId}' has not completed SCA.`, { param: 'customer_id' });
}

function customerErased(customerId: string): ApiError {
  return new ApiError('customer_erased', `Customer '${customerId}' was erased: it cannot be given a mandate.`, { param: 'customer_id' });
}
