import type { ServiceImpl } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { connector } from '@vrp/contracts';
import { required } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { consentStatusMessage, outcomeMessage, timestamp } from '../messages.js';
import { beginAuthorisation } from '../usecases/begin-authorisation.js';
import { cancelConsent } from '../usecases/cancel-consent.js';
import { completeAuthorisation } from '../usecases/complete-authorisation.js';
import { confirmFunds } from '../usecases/confirm-funds.js';
import { getConsent } from '../usecases/get-consent.js';
import { receiveEventNotification } from '../usecases/receive-event-notification.js';
import { stageConsent } from '../usecases/stage-consent.js';
import { submitPayments } from '../usecases/submit-payments.js';
import { submitRefund } from '../usecases/submit-refund.js';
import { creditorOf, termsOf } from './consent-terms.js';

/** ConnectorService: proto in, use case, proto out. */
export function connectorHandlers(deps: Deps): ServiceImpl<typeof connector.ConnectorService> {
  return {
    async stageConsent(req) {
      const staged = await stageConsent(deps, {
        merchantId: required('merchant_id', req.merchantId),
        mandateId: required('mandate_id', req.mandateId),
        mandateRequestId: req.mandateRequestId || null,
        customerId: required('customer_id', req.customerId),
        terms: termsOf(req.terms),
        creditor: creditorOf(req.creditorAccount),
        returnUri: req.returnUri || null,
        expiresAt: req.expiresAt ? timestampDate(req.expiresAt) : null,
      });
      return {
        consentId: staged.consent.bankConsentId,
        authorisationUrl: staged.authorisationUrl,
        authorisationExpiresAt: timestamp(staged.consent.expiresAt),
      };
    },
    async beginAuthorisation(req) {
      const start = await beginAuthorisation(deps, required('token', req.token));
      return {
        redirectUrl: start.redirectUrl,
        outcome: start.outcome ? outcomeMessage(start.outcome) : connector.Outcome.UNSPECIFIED,
        mandateRequestId: start.consent.mandateRequestId ?? '',
        mandateId: start.outcome === 'success' ? start.consent.mandateId : '',
      };
    },
    async completeAuthorisation(req) {
      const result = await completeAuthorisation(deps, req.params);
      return {
        outcome: outcomeMessage(result.outcome),
        redirectUrl: result.redirectUrl,
        mandateRequestId: result.consent.mandateRequestId ?? '',
        mandateId: result.outcome === 'success' ? result.consent.mandateId : '',
      };
    },
    async getConsent(req) {
      const consent = await getConsent(deps, required('merchant_id', req.merchantId), required('mandate_id', req.mandateId));
      return {
        consentId: consent.bankConsentId,
        status: consentStatusMessage(consent.bankStatus),
        statusReason: consent.statusReason ?? '',
      };
    },
    async cancelConsent(req) {
      await cancelConsent(deps, required('merchant_id', req.merchantId), required('mandate_id', req.mandateId));
      return {};
    },
    async confirmFunds(req) {
      const result = await confirmFunds(deps, {
        merchantId: required('merchant_id', req.merchantId),
        mandateId: required('mandate_id', req.mandateId),
        amountMinor: req.amountMinor,
        currency: required('currency', req.currency),
      });
      return { fundsAvailable: result.fundsAvailable, checkedAt: timestamp(result.checkedAt) };
    },
    async submitPayments(req) {
      return { receipts: await submitPayments(deps, req.submissions) };
    },
    async submitRefund(req) {
      const refund = await submitRefund(deps, {
        refundId: required('refund_id', req.refundId),
        paymentId: required('payment_id', req.paymentId),
        merchantId: required('merchant_id', req.merchantId),
        amountMinor: req.amountMinor,
        currency: req.currency,
      });
      return { bankReference: refund.bankPayoutId ?? '' };
    },
    async receiveEventNotification(req) {
      await receiveEventNotification(deps, required('token', req.token), req.interactionId);
      return {};
    },
  };
}
