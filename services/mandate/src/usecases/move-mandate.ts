import { ApiError, notFound, required } from '@vrp/errors';
import {
  planMove,
  refusedMove,
  REVOCATION_REASONS,
  SUSPENSION_REASONS,
  type MandateMove,
  type MandateStatus,
  type MoveCause,
} from '../domain/mandate-lifecycle.js';
import { moveMandateWithEvent, raiseVersion, readMandate } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import type { Deps } from '../deps.js';

/**
 * Moves mandate `id` of `merchantId` through its lifecycle (activate, cancel, revoke, suspend,
 * reinstate, expire; `cause` says who revokes and why, or why it is suspended) and writes the move's event in the same transaction. The move is one conditional
 * UPDATE, so of concurrent conflicting moves exactly one wins and only it announces an event.
 * Errors: not_found, mandate_not_cancellable (cancelling a revoked mandate),
 * invalid_state_transition (any other move the mandate's status does not allow).
 *
 * With the payment service's replica of active terms (deps.replica), a move out of active first
 * raises the mandate's version and fences the replica with it, then moves and fences again with
 * the version the move reached (closing the mandate for payments if it was revoked): once it
 * answers, no payment create relying on the terms from before is still running or will commit.
 * If the payment service cannot be reached before the move, the mandate does not move (the
 * error is service_unavailable; the raised version alone changes nothing). A move into active
 * pushes the terms to the replica after it commits.
 */
export async function moveMandate(
  deps: Deps,
  merchantId: string,
  id: string,
  move: MandateMove,
  cause: MoveCause = {},
): Promise<MandateRow> {
  required('merchant_id', merchantId);
  if (move === 'revoke' && cause.by !== 'customer' && cause.by !== 'bank') {
    throw new ApiError('validation_error', 'A revocation is by the customer or the bank.', { param: 'by' });
  }
  if (cause.revocationReason !== undefined && (move !== 'revoke' || !REVOCATION_REASONS.includes(cause.revocationReason))) {
    throw new ApiError('validation_error', `A revocation's reason is one of ${REVOCATION_REASONS.join(', ')}.`, { param: 'reason' });
  }
  if (cause.suspensionReason !== undefined && (move !== 'suspend' || !SUSPENSION_REASONS.includes(cause.suspensionReason))) {
    throw new ApiError('validation_error', `A suspension's reason is one of ${SUSPENSION_REASONS.join(', ')}.`, { param: 'reason' });
  }
  const now = deps.clocks.now(merchantId);
  const plan = planMove(move, now, cause);
  const leavesActive = plan.change.status !== 'active';
  if (deps.replica && leavesActive) {
    const version = await raiseVersion(deps.sql, merchantId, id, plan.from);
    if (version === null) throw refusal(await readMandate(deps.sql, merchantId, id), id, move);
    await deps.replica.fence(merchantId, id, version, false);
  }
  const row = await moveMandateWithEvent(deps.sql, deps.subjectPrefix, merchantId, id, plan, now, (current) => refusal(current, id, move));
  deps.afterCommit();
  if (deps.replica && leavesActive)
    await deps.replica.fence(merchantId, id, row.version, row.status === 'revoked' || row.status === 'expired');
  else await deps.replica?.replicate(row);
  return row;
}

/** Why a move matched nothing, from the row as it is now (null: there is none). */
function refusal(current: MandateRow | null, id: string, move: MandateMove): ApiError {
  if (!current) return notFound('mandate', id);
  return refusedMove(move, current.status as MandateStatus, id);
}
