import { ApiError, required } from '@vrp/errors';
import type { mandate } from '@vrp/contracts';
import { termsOfMandate } from '../clients/mandate-terms.js';
import { fenceReplica, keepReplica, readReplica } from '../db/mandate-replica.js';
import type { ReplicatedTerms } from '../domain/terms-cache.js';
import type { Deps } from '../deps.js';

/**
 * The replica of active mandates' terms: the mandate service pushes a mandate's terms when it
 * becomes active (ReplicateMandate) and fences them before and after every move out of active
 * (FenceMandate), so a payment create under an active mandate reads its terms here instead of
 * asking the mandate service. See the mandate_replica migration for the rules.
 */

/** The replicated terms of the merchant's mandate: from this process's memory, else the gate row. */
export async function replicatedTerms(deps: Deps, merchantId: string, mandateId: string): Promise<ReplicatedTerms | null> {
  const remembered = deps.terms.get(merchantId, mandateId);
  if (remembered) return remembered;
  const replica = await readReplica(deps.sql, merchantId, mandateId);
  if (replica) deps.terms.set(mandateId, replica);
  return replica;
}

/** Keeps an active mandate's terms at `version`; false when a fence or a newer version made it moot. */
export async function replicateMandate(deps: Deps, m: mandate.Mandate | undefined, version: bigint): Promise<boolean> {
  if (!m) throw new ApiError('validation_error', 'mandate is required', { param: 'mandate' });
  required('mandate.merchant_id', m.merchantId);
  required('mandate.id', m.id);
  const terms = termsOfMandate(m);
  if (terms.status !== 'active')
    throw new ApiError('validation_error', 'Only an active mandate is replicated.', { param: 'mandate.status' });
  const replica = { merchantId: m.merchantId, terms, version };
  const kept = await keepReplica(deps.sql, m.id, replica);
  if (kept) deps.terms.set(m.id, replica);
  return kept;
}

/** Forgets the replica of a mandate moving out of active and fences `version` (see FenceMandate). */
export async function fenceMandate(deps: Deps, merchantId: string, mandateId: string, version: bigint, close: boolean): Promise<void> {
  deps.terms.forget(mandateId);
  await fenceReplica(deps.sql, merchantId, mandateId, version, close ? deps.clocks.now(merchantId) : null);
  // A create may have remembered the terms again while the fence waited for the row's lock.
  deps.terms.forget(mandateId);
}
