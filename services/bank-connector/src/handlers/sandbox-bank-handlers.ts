import type { ServiceImpl } from '@connectrpc/connect';
import { connector } from '@vrp/contracts';
import { required } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { outcomeMessage } from '../messages.js';
import { approveConsent } from '../usecases/approve-consent.js';
import { decidePayment } from '../usecases/decide-payment.js';
import { decideRefund } from '../usecases/decide-refund.js';
import { revokeConsentAtBank } from '../usecases/revoke-consent-at-bank.js';
import { setBalance } from '../usecases/set-balance.js';
import { updateLinkedAccountAtBank } from '../usecases/update-linked-account-at-bank.js';

/** SandboxBankService: the model bank driven as a customer or the bank would (sandbox only). */
export function sandboxBankHandlers(
  deps: Deps,
  browserFetch: (url: string, init?: RequestInit) => Promise<Response>,
): ServiceImpl<typeof connector.SandboxBankService> {
  return {
    async approveConsent(req) {
      const result = await approveConsent(
        deps,
        { merchantId: required('merchant_id', req.merchantId), mandateId: required('mandate_id', req.mandateId), decline: req.decline },
        browserFetch,
      );
      return { outcome: outcomeMessage(result.outcome), redirectUrl: result.redirectUrl };
    },
    async decidePayment(req) {
      await decidePayment(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        failureCode: req.failureCode,
      });
      return {};
    },
    async decideRefund(req) {
      await decideRefund(deps, {
        merchantId: required('merchant_id', req.merchantId),
        refundId: required('refund_id', req.refundId),
        reject: req.reject,
      });
      return {};
    },
    async revokeConsent(req) {
      const revoked = await revokeConsentAtBank(deps, {
        merchantId: required('merchant_id', req.merchantId),
        mandateId: required('mandate_id', req.mandateId),
        byBank: req.byBank,
      });
      return { revoked };
    },
    async updateLinkedAccount(req) {
      const updated = await updateLinkedAccountAtBank(deps, {
        merchantId: required('merchant_id', req.merchantId),
        mandateId: required('mandate_id', req.mandateId),
        reason: required('reason', req.reason),
      });
      return { updated };
    },
    async setBalance(req) {
      await setBalance(deps, {
        merchantId: required('merchant_id', req.merchantId),
        customerId: required('customer_id', req.customerId),
        amountMinor: req.amountMinor,
        currency: required('currency', req.currency),
      });
      return {};
    },
  };
}
