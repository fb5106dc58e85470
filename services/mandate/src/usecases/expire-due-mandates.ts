import { isApiError } from '@vrp/errors';
import { liveMandatesPastValidTo } from '../db/mandate-sql.js';
import type { Deps } from '../deps.js';
import { moveMandate } from './move-mandate.js';

/**
 * Expires up to `limit` mandates whose controls' valid_to has passed on their merchant's clock:
 * each moves to expired with one mandate.expired, closing the payment service's gate first (as
 * every move out of active does). Several replicas may sweep at once: each move is a conditional
 * update, so of two sweepers (or a sweeper and a concurrent revocation) exactly one moves the
 * mandate and announces it; the loser's refusal is expected and skipped. Returns how many were due
 * (a full batch means more may be).
 */
export async function expireDueMandates(deps: Deps, limit: number): Promise<number> {
  const due = await liveMandatesPastValidTo(deps.sql, new Date(), limit);
  for (const { id, merchantId } of due) {
    try {
      await moveMandate(deps, merchantId, id, 'expire');
    } catch (err) {
      if (isApiError(err) && (err.code === 'invalid_state_transition' || err.code === 'not_found')) continue;
      throw err;
    }
  }
  return due.length;
}
