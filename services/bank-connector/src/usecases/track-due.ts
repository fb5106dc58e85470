import { mandate } from '@vrp/contracts';
import { isClientFault } from '@vrp/grpc';
import { claimConsentsToCheck, claimUnrecordedJourneys, markJourneyRecorded } from '../db/consents.js';
import { claimDuePayments } from '../db/payments.js';
import { claimDueRefunds } from '../db/refunds.js';
import { BankRefusal, BankUnavailable } from '../clients/bank/bank-errors.js';
import type { Deps } from '../deps.js';
import { consentRevoked } from './receive-event-notification.js';
import { readPayment, sendPayment } from './track-payment.js';
import { readRefund, sendRefund } from './submit-refund.js';
import { SUBMISSION_LEASE_MS } from './submit-payments.js';

/** How many items one pass takes; they are handled this many at a time. */
const BATCH = 32;
const CONCURRENCY = 4;

async function each<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Carries due payment attempts on: one the bank has not taken yet is sent again (same key), one it
 * took and has not decided is read back (so a bank that sends no notifications still works).
 * Several replicas share the work (claims skip what another holds). Answers how many it handled.
 */
export async function trackDuePayments(deps: Deps): Promise<number> {
  const due = await claimDuePayments(deps.sql, BATCH, SUBMISSION_LEASE_MS);
  await each(due, (p) => (p.stage === 'submitting' ? sendPayment(deps, p) : readPayment(deps, p)));
  return due.length;
}

/** Carries due refunds on, as trackDuePayments does payments. */
export async function trackDueRefunds(deps: Deps): Promise<number> {
  const due = await claimDueRefunds(deps.sql, BATCH, SUBMISSION_LEASE_MS);
  await each(due, (r) => (r.stage === 'submitting' ? sendRefund(deps, r) : readRefund(deps, r)));
  return due.length;
}

/**
 * Reads authorised consents back from the bank now and then (CONNECTOR_CONSENT_CHECK_INTERVAL):
 * one the bank reports cancelled was revoked there (a bank that sends no notifications). It also
 * reconciles mandate requests whose bank answer never reached the mandate service: a journey that
 * ended authorised or declined and was not acknowledged within CONNECTOR_JOURNEY_RECORD_GRACE is recorded
 * (RecordMandateRequestOutcome is idempotent, so a repeat of what was recorded changes nothing).
 */
export async function watchConsents(deps: Deps): Promise<number> {
  const reconciled = await recordUnrecordedJourneys(deps);
  const due = await claimConsentsToCheck(deps.sql, BATCH, deps.settings.consentCheckMs);
  await each(due, async (consent) => {
    try {
      const data = (await deps.bank.getConsent(consent.bankConsentId)).body.Data;
      if (data.Status === 'CANC') await consentRevoked(deps, consent, data.StatusReason?.[0]?.StatusReasonCode ?? null);
    } catch (err) {
      if (!(err instanceof BankRefusal || err instanceof BankUnavailable)) throw err;
      deps.logger.info('consent not read back now; next time', { consent_id: consent.bankConsentId, reason: err.message });
    }
  });
  return reconciled + due.length;
}

async function recordUnrecordedJourneys(deps: Deps): Promise<number> {
  const ended = await claimUnrecordedJourneys(deps.sql, BATCH, deps.settings.journeyRecordGraceMs);
  await each(ended, async (j) => {
    const outcome = j.journey === 'authorised' ? mandate.MandateRequestOutcome.AUTHORISED : mandate.MandateRequestOutcome.DECLINED;
    try {
      await deps.platform.mandates().recordMandateRequestOutcome({ merchantId: j.merchantId, id: j.mandateRequestId, outcome });
      deps.logger.info('mandate request outcome reconciled', { mandate_request_id: j.mandateRequestId, journey: j.journey });
    } catch (err) {
      // Unreachable: the claim runs out and it is tried again. A verdict (the request ended otherwise) is final.
      if (!isClientFault(err)) throw err;
      deps.logger.warn('the mandate service refused a journey outcome; not recording it again', { mandate_request_id: j.mandateRequestId });
    }
    await markJourneyRecorded(deps.sql, j.id);
  });
  return ended.length;
}
