import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import { payment } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import type { PaymentStatus } from '../domain/payment-status.js';
import { allocateRefund } from '../usecases/allocate-refund.js';
import { closeMandate } from '../usecases/close-mandate.js';
import { confirmRefund } from '../usecases/confirm-refund.js';
import type { PaymentContext } from '../usecases/context.js';
import { createPayment } from '../usecases/create-payment.js';
import { getPayment } from '../usecases/get-payment.js';
import { listPayments } from '../usecases/list-payments.js';
import { releaseRefund } from '../usecases/release-refund.js';
import { reportPaymentOutcome, type BankReport } from '../usecases/report-payment-outcome.js';
import { retryPayment } from '../usecases/retry-payment.js';
import { STATUS_TO_PROTO, toPaymentMessage } from './payment-message.js';

const { BankOutcome } = payment;
const STATUS_FROM_PROTO = new Map(Object.entries(STATUS_TO_PROTO).map(([k, v]) => [v, k as PaymentStatus]));

function required(value: string, param: string): string {
  if (!value) throw validationError(param, 'is required');
  return value;
}

function toReport(req: payment.ReportPaymentOutcomeRequest): BankReport {
  const base = { paymentId: required(req.paymentId, 'payment_id'), attempt: req.attempt };
  switch (req.outcome) {
    case BankOutcome.CLEARING:
      return { ...base, outcome: 'clearing' };
    case BankOutcome.SETTLED:
      return { ...base, outcome: 'settled', settlementDate: req.settlementDate };
    case BankOutcome.FAILED:
      return { ...base, outcome: 'failed', failureCode: req.failureCode };
    default:
      throw validationError('outcome', 'must be clearing, settled or failed');
  }
}

/** PaymentService over the use cases: proto in, proto out, nothing else. */
export function paymentHandlers(ctx: PaymentContext): ServiceImpl<typeof payment.PaymentService> {
  return {
    async createPayment(req) {
      const record = await createPayment(ctx, {
        merchantId: required(req.merchantId, 'merchant_id'),
        mandateId: required(req.mandateId, 'mandate_id'),
        amountMinor: req.amountMinor,
        currency: required(req.currency, 'currency'),
        metadata: req.metadata ?? {},
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
      });
      return { payment: toPaymentMessage(record) };
    },
    async getPayment(req) {
      return { payment: toPaymentMessage(await getPayment(ctx, req.merchantId, req.id)) };
    },
    async listPayments(req) {
      const statuses = req.statuses.map((s) => {
        const status = STATUS_FROM_PROTO.get(s);
        if (!status) throw validationError('status', 'unknown payment status');
        return status;
      });
      const { items, hasMore } = await listPayments(
        ctx,
        {
          merchantId: required(req.merchantId, 'merchant_id'),
          mandateId: req.mandateId,
          paymentId: req.paymentId,
          statuses,
          createdAt: {
            ...(req.createdAt?.gte ? { gte: timestampDate(req.createdAt.gte) } : {}),
            ...(req.createdAt?.lte ? { lte: timestampDate(req.createdAt.lte) } : {}),
          },
          settlementDate: { gte: req.settlementDate?.gte || undefined, lte: req.settlementDate?.lte || undefined },
          amountMinor: { gte: req.amount?.gte, lte: req.amount?.lte },
        },
        req.page,
      );
      return { payments: items.map(toPaymentMessage), pageInfo: { hasMore } };
    },
    async retryPayment(req) {
      return { payment: toPaymentMessage(await retryPayment(ctx, required(req.merchantId, 'merchant_id'), req.id)) };
    },
    async reportPaymentOutcome(req) {
      return { payment: toPaymentMessage(await reportPaymentOutcome(ctx, toReport(req))) };
    },
    async allocateRefund(req) {
      const result = await allocateRefund(ctx, {
        merchantId: required(req.merchantId, 'merchant_id'),
        paymentId: required(req.paymentId, 'payment_id'),
        refundId: required(req.refundId, 'refund_id'),
        amountMinor: req.amountMinor,
      });
      return { amountMinor: result.amountMinor, payment: toPaymentMessage(result.payment), remainingAfterMinor: result.remainingAfterMinor };
    },
    async closeMandate(req) {
      await closeMandate(ctx, required(req.merchantId, 'merchant_id'), required(req.mandateId, 'mandate_id'));
      return {};
    },
    async confirmRefund(req) {
      const record = await confirmRefund(ctx, {
        merchantId: required(req.merchantId, 'merchant_id'),
        paymentId: required(req.paymentId, 'payment_id'),
        refundId: required(req.refundId, 'refund_id'),
      });
      return { payment: toPaymentMessage(record) };
    },
    async releaseRefund(req) {
      const record = await releaseRefund(ctx, {
        merchantId: required(req.merchantId, 'merchant_id'),
        paymentId: required(req.paymentId, 'payment_id'),
        refundId: required(req.refundId, 'refund_id'),
      });
      return { payment: toPaymentMessage(record) };
    },
  };
}
