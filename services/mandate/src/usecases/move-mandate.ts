import { ApiError, notFound, required } from '@vrp/errors';
import { planMove, refusedMove, type MandateMove, type MandateStatus, type RevokedBy } from '../domain/mandate-lifecycle.js';
import { transaction } from '@vrp/sql';
import { applyMandateChange, readMandate, recordMandateEvent } from '../db/mandate-sql.js';
import type { MandateRow } from '../db/mandates.js';
import type { Deps } from '../deps.js';

/**
 * Moves mandate `id` of `merchantId` through its lifecycle (activate, cancel, revoke, suspend,
 * reinstate) and writes the move's event in the same transaction. The move is one conditional
 * UPDATE, so of concurrent conflicting moves exactly one wins and only it announces an event.
 * Errors: not_found, mandate_not_cancellable (cancelling a revoked mandate),
 * invalid_state_transition (any other move the mandate's status does not allow).
 */
export async function moveMandate(deps: Deps, merchantId: string, id: string, move: MandateMove, by?: RevokedBy): Promise<MandateRow> {
  required('merchant_id', merchantId);
  if (move === 'revoke' && by !== 'customer' && by !== 'bank') {
    throw new ApiError('validation_error', 'A revocation is by the customer or the bank.', { param: 'by' });
  }
  const now = deps.clocks.now(merchantId);
  const plan = planMove(move, now, by);
  const row = await transaction(deps.sql, async (tx) => {
    const changed = await applyMandateChange(tx, merchantId, id, plan.from, plan.change);
    if (!changed) {
      // Nothing matched: say why, from the row as it is now.
      const current = await readMandate(tx, merchantId, id);
      if (!current) throw notFound('mandate', id);
      throw refusedMove(move, current.status as MandateStatus, id);
    }
    await recordMandateEvent(tx, deps.subjectPrefix, plan.event, changed, now);
    return changed;
  });
  deps.afterCommit();
  return row;
}
