import { mandate, payment, refund } from '@vrp/contracts';
import { ApiError, isErrorCode } from '@vrp/errors';
import { isClientFault } from '@vrp/grpc';
import { findConsent } from '../db/consents.js';
import { addMandateReport, claimMandateReports, markMandateReported, postponeMandateReport } from '../db/mandate-reports.js';
import { revocationReasonOf, revokedBy } from '../domain/revocation.js';
import { claimUnreportedPayments, markPaymentsReported, postponePaymentReports } from '../db/payments.js';
import { claimUnreportedRefunds, markRefundReported, postponeRefundReport } from '../db/refunds.js';
import { nextCheckDelay } from '../domain/payment-stage.js';
import type { Deps } from '../deps.js';

/** How many outcomes travel in one report; how long a reporter holds what it claimed. */
const BATCH = 64;
const LEASE_MS = 30_000;
/** How soon what could not be reported is tried again (the loop itself backs off while failures go on). */
const RETRY_MS = 1000;

/**
 * Reports decided payment attempts to the payment service in one ReportPaymentOutcomes call:
 * settled with the settlement date (the merchant's), or failed with the platform's failure code.
 * A report applied (or ignored as stale) or refused for good (a 4xx verdict) is done; when the call
 * fails the claim runs out and they are reported again (the payment service's moves are
 * conditional, so a repeat is harmless). Answers how many were reported.
 */
export async function reportPaymentOutcomes(deps: Deps): Promise<number> {
  const decided = await claimUnreportedPayments(deps.sql, BATCH, LEASE_MS);
  if (decided.length === 0) return 0;
  await revokeRefusedConsents(deps, decided);
  let results: payment.ReportResult[];
  try {
    ({ results } = await deps.platform.payments().reportPaymentOutcomes({
      reports: decided.map((p) => ({
        paymentId: p.paymentId,
        attempt: p.attempt,
        merchantId: p.merchantId,
        ...(p.stage === 'settled'
          ? { outcome: payment.BankOutcome.SETTLED, settlementDate: p.settlementDate ?? '' }
          : {
              outcome: payment.BankOutcome.FAILED,
              failureCode: p.failureCode ?? 'bank_rejected',
              failureOrigin: p.failureOrigin ?? 'bank',
            }),
      })),
    }));
  } catch (err) {
    await postponePaymentReports(deps.sql, decided, RETRY_MS);
    throw err;
  }
  results.forEach((result, i) => {
    if (result.error) {
      const p = decided[i]!;
      deps.logger.warn('the payment service refused an outcome; not reporting it again', {
        payment_id: p.paymentId,
        attempt: p.attempt,
        reason: result.error.reason,
        message: result.message,
      });
    }
  });
  await markPaymentsReported(deps.sql, decided);
  return decided.length;
}

/**
 * A payment the bank failed as mandate_revoked_at_bank tells that its consent no longer stands:
 * its mandate is reported revoked (once per payment; the mandate service moves it once, whichever
 * of this, a notification or the consent watcher comes first).
 */
async function revokeRefusedConsents(deps: Deps, decided: Awaited<ReturnType<typeof claimUnreportedPayments>>): Promise<void> {
  let added = false;
  for (const p of decided) {
    if (p.stage !== 'failed' || p.failureCode !== 'mandate_revoked_at_bank') continue;
    const consent = await findConsent(deps.sql, p.merchantId, p.mandateId);
    if (!consent) continue;
    added =
      (await addMandateReport(deps.sql, {
        consentId: consent.id,
        merchantId: p.merchantId,
        mandateId: p.mandateId,
        kind: 'revoke',
        revokedBy: revokedBy(consent.statusReason),
        reason: consent.statusReason,
        cause: `payment:${p.paymentId}`,
      })) || added;
  }
  if (added) deps.afterCommit();
}

/** Reports decided refunds to the refund service (ReportRefundOutcome each), as payments are. */
export async function reportRefundOutcomes(deps: Deps): Promise<number> {
  const decided = await claimUnreportedRefunds(deps.sql, BATCH, LEASE_MS);
  let reported = 0;
  for (const r of decided) {
    try {
      await deps.platform.refunds().reportRefundOutcome({
        refundId: r.refundId,
        outcome: r.stage === 'settled' ? refund.RefundOutcome.SETTLED : refund.RefundOutcome.FAILED,
      });
    } catch (err) {
      if (!isClientFault(err)) {
        await postponeRefundReport(deps.sql, r.refundId, RETRY_MS);
        throw err;
      }
      deps.logger.warn('the refund service refused an outcome; not reporting it again', {
        refund_id: r.refundId,
        reason: (err as ApiError).code,
      });
    }
    await markRefundReported(deps.sql, r.refundId);
    reported++;
  }
  return reported;
}

/**
 * Tells the mandate service what the bank did to consents: RevokeMandate (by customer or bank) or
 * SuspendMandate, each report until acknowledged. A verdict on the request (the mandate moved on
 * already) is final; an unreachable mandate service is tried again with backoff.
 */
export async function reportMandateChanges(deps: Deps): Promise<number> {
  const due = await claimMandateReports(deps.sql, BATCH, LEASE_MS);
  let unreachable: unknown;
  for (const r of due) {
    try {
      if (r.kind === 'revoke') {
        const by = r.revokedBy === 'bank' ? mandate.RevokedBy.BANK : mandate.RevokedBy.CUSTOMER;
        await deps.platform
          .mandates()
          .revokeMandate({ merchantId: r.merchantId, id: r.mandateId, by, reason: revocationReasonOf(r.cause) });
      } else {
        await deps.platform.mandates().suspendMandate({ merchantId: r.merchantId, id: r.mandateId, reason: r.reason ?? 'account_blocked' });
      }
      await markMandateReported(deps.sql, r.id);
      deps.logger.info('mandate service told', { mandate_id: r.mandateId, kind: r.kind, revoked_by: r.revokedBy, reason: r.reason });
    } catch (err) {
      if (isClientFault(err)) {
        deps.logger.warn('the mandate service refused a report; not reporting it again', {
          mandate_id: r.mandateId,
          kind: r.kind,
          reason: err instanceof ApiError && isErrorCode(err.code) ? err.code : String(err),
        });
        await markMandateReported(deps.sql, r.id);
      } else {
        await postponeMandateReport(deps.sql, r.id, new Date(Date.now() + nextCheckDelay(r.checks, RETRY_MS, deps.settings.pollMaxMs)));
        unreachable = err;
      }
    }
  }
  // The loop backs off while the mandate service cannot be reached.
  if (unreachable) throw unreachable;
  return due.length;
}
