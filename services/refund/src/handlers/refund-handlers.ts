import { create } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import { common, refund } from '@vrp/contracts';
import { required, validationError } from '@vrp/errors';
import { metadataFilter } from '@vrp/pagination';
import type { RefundFilters } from '../db/refund-sql.js';
import type { RefundStatus } from '../domain/refund-status.js';
import { createRefund } from '../usecases/create-refund.js';
import type { Deps } from '../deps.js';
import { getRefund } from '../usecases/get-refund.js';
import { listRefunds } from '../usecases/list-refunds.js';
import { reportRefundOutcome } from '../usecases/report-refund-outcome.js';
import { toRefundMessage } from '../db/events.js';
import { statusFromProto } from '../messages.js';

/** RefundService: translates contract messages to use-case calls and back, nothing more. */
export function refundHandlers(deps: Deps): ServiceImpl<typeof refund.RefundService> {
  return {
    async createRefund(req) {
      const row = await createRefund(deps, {
        merchantId: required('merchant_id', req.merchantId),
        paymentId: required('payment_id', req.paymentId),
        amountMinor: req.amountMinor,
        amount: req.amount,
        reason: req.reason,
        metadata: req.metadata ?? {},
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
      });
      return create(refund.CreateRefundResponseSchema, { refund: toRefundMessage(row) });
    },

    async getRefund(req) {
      const row = await getRefund(deps, required('merchant_id', req.merchantId), required('id', req.id));
      return create(refund.GetRefundResponseSchema, { refund: toRefundMessage(row) });
    },

    async listRefunds(req) {
      const { items, hasMore } = await listRefunds(deps, required('merchant_id', req.merchantId), filtersOf(req), req.page);
      return create(refund.ListRefundsResponseSchema, {
        refunds: items.map(toRefundMessage),
        pageInfo: create(common.PageInfoSchema, { hasMore }),
      });
    },

    async reportRefundOutcome(req) {
      const outcome =
        req.outcome === refund.RefundOutcome.SETTLED ? 'settled' : req.outcome === refund.RefundOutcome.FAILED ? 'failed' : undefined;
      if (!outcome) throw validationError('outcome', 'must be SETTLED or FAILED');
      const row = await reportRefundOutcome(deps, required('refund_id', req.refundId), outcome);
      return create(refund.ReportRefundOutcomeResponseSchema, { refund: toRefundMessage(row) });
    },
  };
}

function filtersOf(req: refund.ListRefundsRequest): RefundFilters {
  const filters: RefundFilters = {};
  if (req.paymentId) filters.paymentId = req.paymentId;
  const metadata = metadataFilter(req.metadata);
  if (metadata) filters.metadata = metadata;
  if (req.statuses.length) {
    filters.statuses = req.statuses.map((s) => {
      const status = statusFromProto(s);
      if (!status) throw validationError('status', 'is not a refund status');
      return status;
    }) satisfies RefundStatus[];
  }
  const created = req.createdAt;
  if (created?.gte || created?.lte) {
    filters.createdAt = {
      ...(created.gte ? { gte: timestampDate(created.gte) } : {}),
      ...(created.lte ? { lte: timestampDate(created.lte) } : {}),
    };
  }
  const amount = req.amount;
  if (amount?.gte !== undefined || amount?.lte !== undefined) {
    filters.amountMinor = {
      ...(amount.gte !== undefined ? { gte: amount.gte } : {}),
      ...(amount.lte !== undefined ? { lte: amount.lte } : {}),
    };
  }
  return filters;
}
