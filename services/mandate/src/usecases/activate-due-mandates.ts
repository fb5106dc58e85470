import { isApiError } from '@vrp/errors';
import { planMove } from '../domain/mandate-lifecycle.js';
import { activatePendingCreatedBefore, pendingCreatedBefore } from '../db/mandate-sql.js';
import type { Deps } from '../deps.js';

/** How many consents the sweep approves at the model bank at once. */
const APPROVALS_AT_ONCE = 8;

/**
 * Sandbox stand-in for the customer's approval and the bank's confirmation: activates up to
 * `limit` mandates that have waited in pending_sca for at least `delayMs`, each with its
 * mandate.activated event, in one transaction, then pushes their terms to the payment service's
 * replica. With the model bank's controls (`deps.sandboxBank`), each mandate's consent is approved
 * at the bank first, so its payments have an authorised consent behind them; a mandate whose
 * approval failed (the connector unreachable) waits for the next sweep, one without a consent is
 * activated as before. Returns how many were activated (a full batch means more may be due).
 */
export async function activateDueMandates(deps: Deps, delayMs: number, limit: number): Promise<number> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - delayMs);
  const approved = deps.sandboxBank ? await approveDue(deps, cutoff, limit) : undefined;
  if (approved?.length === 0) return 0;
  const plan = planMove('activate', now);
  const activated = await activatePendingCreatedBefore(deps.sql, deps.subjectPrefix, cutoff, limit, plan, approved, (merchantId) =>
    deps.clocks.now(merchantId),
  );
  if (activated.length > 0) deps.afterCommit();
  if (deps.replica) await Promise.all(activated.map((row) => deps.replica!.replicate(row)));
  return activated.length;
}

/** Approves the consents of the due mandates at the model bank; answers the ids ready to activate. */
async function approveDue(deps: Deps, cutoff: Date, limit: number): Promise<string[]> {
  const due = await pendingCreatedBefore(deps.sql, cutoff, limit);
  const ready: string[] = [];
  for (let i = 0; i < due.length; i += APPROVALS_AT_ONCE) {
    await Promise.all(
      due.slice(i, i + APPROVALS_AT_ONCE).map(async ({ id, merchantId }) => {
        try {
          await deps.sandboxBank!.approveConsent({ merchantId, mandateId: id, decline: false });
          ready.push(id);
        } catch (err) {
          // No consent was staged for it: nothing to approve.
          if (isApiError(err) && err.code === 'not_found') ready.push(id);
          else deps.logger.warn('sandbox approval at the bank failed; the mandate waits for the next sweep', { mandate_id: id, err });
        }
      }),
    );
  }
  return ready;
}
