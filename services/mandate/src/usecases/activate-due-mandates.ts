import { planMove } from '../domain/mandate-lifecycle.js';
import { transaction } from '@vrp/sql';
import { changePendingCreatedBefore, recordMandateEvent } from '../db/mandate-sql.js';
import type { Deps } from '../deps.js';

/**
 * Sandbox stand-in for the bank's confirmation: activates up to `limit` mandates that have
 * waited in pending_sca for at least `delayMs`, each with its mandate.activated event, in one
 * transaction, then pushes their terms to the payment service's replica. Returns how many were
 * activated (a full batch means more may be due).
 */
export async function activateDueMandates(deps: Deps, delayMs: number, limit: number): Promise<number> {
  const now = new Date();
  const plan = planMove('activate', now);
  const activated = await transaction(deps.sql, async (tx) => {
    const rows = await changePendingCreatedBefore(tx, new Date(now.getTime() - delayMs), limit, plan.change);
    for (const row of rows) await recordMandateEvent(tx, deps.subjectPrefix, plan.event, row, deps.clocks.now(row.merchantId));
    return rows;
  });
  if (activated.length > 0) deps.afterCommit();
  if (deps.replica) await Promise.all(activated.map((row) => deps.replica!.replicate(row)));
  return activated.length;
}
