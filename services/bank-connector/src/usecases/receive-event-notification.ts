import { EVENT_TYPES, RESOURCE_TYPES, subjectResource, type ObEventNotification } from '@vrp/open-banking';
import { validationError } from '@vrp/errors';
import { BankRefusal, BankUnavailable } from '../clients/bank/bank-errors.js';
import { findConsentByBankId, setBankStatus, type ConsentRow } from '../db/consents.js';
import { addMandateReport } from '../db/mandate-reports.js';
import { rememberNotification, seenNotification } from '../db/notifications.js';
import { checkPaymentNow, findPaymentByBankId } from '../db/payments.js';
import { checkRefundNow, findRefundByPayout } from '../db/refunds.js';
import { revokedBy, suspensionReason } from '../domain/revocation.js';
import type { Deps } from '../deps.js';
import { readPayment } from './track-payment.js';
import { readRefund } from './submit-refund.js';

/**
 * Takes an event notification the bank POSTed: verified first (signed by one of the bank's keys,
 * issued by the bank, addressed to this platform's client id, recent), else validation_error on
 * `token`. One whose `jti` was taken before is a replay and changes nothing. Then each event:
 * - resource-update of a domestic VRP (or payout): the resource is read back (signed answer) and
 *   its outcome recorded; when the bank cannot be reached now the tracker reads it at once instead;
 * - resource-update of a consent: its status is read back, and a cancelled one is a revocation;
 * - consent-authorization-revoked: the mandate is reported revoked, by the customer or the bank;
 * - linked-account-update: the mandate is reported suspended.
 * The `jti` is remembered last, so a notification that could not be handled may come again.
 */
export async function receiveEventNotification(deps: Deps, token: string, interactionId = ''): Promise<void> {
  if (!token) throw validationError('token', 'is required');
  // The bank's x-fapi-interaction-id on every line about its notification.
  if (interactionId) deps = { ...deps, logger: deps.logger.child({ fapi_interaction_id: interactionId }) };
  let notification: ObEventNotification;
  try {
    notification = await deps.verifyNotification(token);
  } catch (err) {
    deps.logger.warn('event notification refused', { reason: (err as Error).message });
    throw validationError('token', `is not a notification this platform trusts: ${(err as Error).message}`);
  }
  if (await seenNotification(deps.sql, notification.jti)) {
    deps.logger.info('event notification replayed; ignored', { jti: notification.jti });
    return;
  }
  const events = notification.events;
  const revoked = events[EVENT_TYPES.consentAuthorizationRevoked];
  if (revoked) {
    const consent = await consentOf(deps, revoked.subject ? subjectResource(revoked.subject).id : idFromLink(notification.sub));
    if (consent) await consentRevoked(deps, consent, revoked.reason ?? null);
  }
  const linked = events[EVENT_TYPES.linkedAccountUpdate];
  if (linked) {
    const consent = await consentOf(deps, idFromLink(notification.sub));
    if (consent) {
      const added = await addMandateReport(deps.sql, {
        consentId: consent.id,
        merchantId: consent.merchantId,
        mandateId: consent.mandateId,
        kind: 'suspend',
        revokedBy: null,
        reason: suspensionReason(linked.reason),
        cause: notification.jti,
      });
      if (added) deps.afterCommit();
    }
  }
  // Last: a revocation's own event (with its reason) is recorded before the consent is read back.
  const update = events[EVENT_TYPES.resourceUpdate];
  if (update) await resourceUpdated(deps, subjectResource(update.subject));
  await rememberNotification(deps.sql, notification.jti);
}

/**
 * A consent the bank reports revoked (notification, or a read showing it cancelled): kept as such,
 * and its mandate reported revoked once, by the customer or the bank as the reason says.
 */
export async function consentRevoked(deps: Deps, consent: ConsentRow, reason: string | null): Promise<void> {
  await setBankStatus(deps.sql, consent.id, 'CANC', reason);
  const by = revokedBy(reason);
  const added = await addMandateReport(deps.sql, {
    consentId: consent.id,
    merchantId: consent.merchantId,
    mandateId: consent.mandateId,
    kind: 'revoke',
    revokedBy: by,
    reason,
    cause: 'revoked',
  });
  if (added) {
    deps.logger.info('consent revoked at the bank', {
      merchant_id: consent.merchantId,
      mandate_id: consent.mandateId,
      revoked_by: by,
      reason,
    });
    deps.afterCommit();
  }
}

async function resourceUpdated(deps: Deps, resource: { type: string; id: string }): Promise<void> {
  if (resource.type === RESOURCE_TYPES.vrp) {
    const payment = await findPaymentByBankId(deps.sql, resource.id);
    if (!payment || (payment.stage !== 'pending' && payment.stage !== 'submitting')) return;
    const read = await readPayment(deps, payment);
    if (read.stage === 'pending') await checkPaymentNow(deps.sql, payment.paymentId, payment.attempt);
  } else if (resource.type === RESOURCE_TYPES.payout) {
    const refund = await findRefundByPayout(deps.sql, resource.id);
    if (!refund || refund.stage !== 'pending') return;
    const read = await readRefund(deps, refund);
    if (read.stage === 'pending') await checkRefundNow(deps.sql, refund.refundId);
  } else if (resource.type === RESOURCE_TYPES.consent) {
    const consent = await consentOf(deps, resource.id);
    if (!consent) return;
    try {
      const data = (await deps.bank.getConsent(consent.bankConsentId)).body.Data;
      const reason = data.StatusReason?.[0]?.StatusReasonCode ?? null;
      if (data.Status === 'CANC' && consent.bankStatus === 'AUTH') await consentRevoked(deps, consent, reason);
      else if (data.Status !== consent.bankStatus) await setBankStatus(deps.sql, consent.id, data.Status, reason);
    } catch (err) {
      if (!(err instanceof BankRefusal || err instanceof BankUnavailable)) throw err;
      // The consent watcher reads it again in its own time.
      deps.logger.info('consent update not read; left to the watcher', { consent_id: consent.bankConsentId, reason: err.message });
    }
  }
}

async function consentOf(deps: Deps, bankConsentId: string): Promise<ConsentRow | undefined> {
  const consent = await findConsentByBankId(deps.sql, bankConsentId);
  if (!consent) deps.logger.info('event notification about a consent this platform does not know; ignored', { consent_id: bankConsentId });
  return consent;
}

/** The resource id at the end of a resource link (the `sub` of a notification names the consent so). */
function idFromLink(link: string): string {
  const path = link.split('?')[0]!.replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}
