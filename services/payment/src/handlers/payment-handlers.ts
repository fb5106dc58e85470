import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import { common, payment } from '@vrp/contracts';
import { create } from '@bufbuild/protobuf';
import { required, validationError } from '@vrp/errors';
import { metadataFilter } from '@vrp/pagination';
import { allocateRefund } from '../usecases/allocate-refund.js';
import { closeMandate } from '../usecases/close-mandate.js';
import { fenceMandate, replicateMandate } from '../usecases/mandate-replica.js';
import { confirmRefund } from '../usecases/confirm-refund.js';
import type { Deps } from '../deps.js';
import { createPayment } from '../usecases/create-payment.js';
import { getPayment } from '../usecases/get-payment.js';
import { getDailyPaymentReport } from '../usecases/get-daily-payment-report.js';
import { getMandateUsage } from '../usecases/get-mandate-usage.js';
import { listPayments } from '../usecases/list-payments.js';
import { listUnresolvedHolds } from '../usecases/list-unresolved-holds.js';
import { markRefundHoldUncertain } from '../usecases/mark-hold-uncertain.js';
import { releaseRefund } from '../usecases/release-refund.js';
import { reportPaymentOutcome, reportPaymentOutcomes, type BankReport } from '../usecases/report-payment-outcome.js';
import { retryPayment } from '../usecases/retry-payment.js';
import { toPaymentMessage } from '../db/events.js';
import { STATUS_FROM_PROTO, failureOriginOf } from '../messages.js';

const { BankOutcome } = payment;

function toReport(req: payment.ReportPaymentOutcomeRequest): BankReport {
  const base = { paymentId: required('payment_id', req.paymentId), attempt: req.attempt, merchantId: req.merchantId };
  switch (req.outcome) {
    case BankOutcome.CLEARING:
      return { ...base, outcome: 'clearing' };
    case BankOutcome.SETTLED:
      return { ...base, outcome: 'settled', settlementDate: req.settlementDate };
    case BankOutcome.FAILED:
      return { ...base, outcome: 'failed', failureCode: req.failureCode, failureOrigin: failureOriginOf(req.failureOrigin) };
    default:
      throw validationError('outcome', 'must be clearing, settled or failed');
  }
}

/** PaymentService over the use cases: proto in, proto out, nothing else. */
export function paymentHandlers(deps: Deps): ServiceImpl<typeof payment.PaymentService> {
  return {
    async getDailyPaymentReport(req) {
      const days = await getDailyPaymentReport(deps, req.merchantId, req.from, req.to);
      return { days: days.map((d) => ({ date: d.day, currencies: d.currencies })) };
    },
    async getMandateUsage(req) {
      const usage = await getMandateUsage(deps, req.merchantId, req.mandateId);
      return {
        usage: usage.map((u) => ({
          limitIndex: u.limitIndex,
          periodStart: timestampFromDate(u.bounds.start),
          periodEnd: timestampFromDate(u.bounds.end),
          amountUsedMinor: u.amountUsedMinor,
          paymentsUsed: u.paymentsUsed,
          ...(u.maxAmountMinor !== undefined ? { maxAmountMinor: u.maxAmountMinor } : {}),
        })),
      };
    },
    async createPayment(req) {
      const record = await createPayment(deps, {
        merchantId: required('merchant_id', req.merchantId),
        mandateId: required('mandate_id', req.mandateId),
        amountMinor: req.amountMinor,
        currency: required('currency', req.currency),
        metadata: req.metadata ?? {},
        reference: req.reference,
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
        scheduleId: req.scheduleId || undefined,
        autoRetries: req.autoRetries,
      });
      return { payment: toPaymentMessage(record) };
    },
    async getPayment(req) {
      return { payment: toPaymentMessage(await getPayment(deps, req.merchantId, req.id)) };
    },
    async listPayments(req) {
      const statuses = req.statuses.map((s) => {
        const status = STATUS_FROM_PROTO.get(s);
        if (!status) throw validationError('status', 'unknown payment status');
        return status;
      });
      const { items, hasMore } = await listPayments(
        deps,
        {
          merchantId: required('merchant_id', req.merchantId),
          mandateId: req.mandateId,
          paymentId: req.paymentId,
          scheduleId: req.scheduleId,
          statuses,
          createdAt: {
            ...(req.createdAt?.gte ? { gte: timestampDate(req.createdAt.gte) } : {}),
            ...(req.createdAt?.lte ? { lte: timestampDate(req.createdAt.lte) } : {}),
          },
          settlementDate: { gte: req.settlementDate?.gte || undefined, lte: req.settlementDate?.lte || undefined },
          amountMinor: { gte: req.amount?.gte, lte: req.amount?.lte },
          reference: req.reference || undefined,
          endToEndId: req.endToEndId || undefined,
          metadata: metadataFilter(req.metadata),
        },
        req.page,
      );
      return { payments: items.map(toPaymentMessage), pageInfo: { hasMore } };
    },
    async retryPayment(req) {
      return { payment: toPaymentMessage(await retryPayment(deps, required('merchant_id', req.merchantId), req.id)) };
    },
    async reportPaymentOutcome(req) {
      return { payment: toPaymentMessage(await reportPaymentOutcome(deps, toReport(req))) };
    },
    async reportPaymentOutcomes(req) {
      const refusals = await reportPaymentOutcomes(
        deps,
        req.reports.map((r) => ({ paymentId: r.paymentId, parse: () => toReport(r) })),
      );
      return {
        results: refusals.map((err) =>
          err ? { error: create(common.ErrorDetailSchema, { reason: err.code, param: err.param ?? '' }), message: err.message } : {},
        ),
      };
    },
    async allocateRefund(req) {
      const result = await allocateRefund(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        refundId: required('refund_id', req.refundId),
        amountMinor: req.amountMinor,
        amount: req.amount,
      });
      return {
        amountMinor: result.amountMinor,
        payment: toPaymentMessage(result.payment),
        remainingAfterMinor: result.remainingAfterMinor,
      };
    },
    async closeMandate(req) {
      await closeMandate(deps, required('merchant_id', req.merchantId), required('mandate_id', req.mandateId));
      return {};
    },
    async replicateMandate(req) {
      return { kept: await replicateMandate(deps, req.mandate, req.version) };
    },
    async fenceMandate(req) {
      await fenceMandate(deps, required('merchant_id', req.merchantId), required('mandate_id', req.mandateId), req.version, req.close);
      return {};
    },
    async confirmRefund(req) {
      const record = await confirmRefund(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        refundId: required('refund_id', req.refundId),
      });
      return { payment: toPaymentMessage(record) };
    },
    async releaseRefund(req) {
      const record = await releaseRefund(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        refundId: required('refund_id', req.refundId),
      });
      return { payment: toPaymentMessage(record) };
    },
    async markRefundHoldUncertain(req) {
      const marked = await markRefundHoldUncertain(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        refundId: required('refund_id', req.refundId),
      });
      return { marked };
    },
    async listUnresolvedRefundHolds(req) {
      const holds = await listUnresolvedHolds(deps, req.createdBefore && timestampDate(req.createdBefore), req.limit);
      return {
        holds: holds.map((h) => ({
          merchantId: h.merchantId,
          paymentId: h.paymentId,
          refundId: h.refundId,
          amountMinor: h.amountMinor,
          createdAt: timestampFromDate(h.createdAt),
        })),
      };
    },
  };
}
