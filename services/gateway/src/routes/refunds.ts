import type { Router } from 'express';
import { refund } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { REFUND_STATUSES, enumValue, presentPayment, presentRefund } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery } from '../lists/index.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import { noBody } from '../validation/body.js';
import { parseCreateRefund } from './refunds/parse-create-refund.js';
import { forceAtBank } from '../usecases/force-at-bank.js';

const { RefundStatus } = refund;

/** GET /v1/refunds's query; exports take the same filters. */
export const refundList = defineList({
  resource: 'refunds',
  filters: { payment_id: idFilter(), status: enumFilter(REFUND_STATUSES) },
  amount: true,
  metadata: true,
});

/** The service request of a parsed refund list. */
export function listRefundsRequest(merchantId: string, list: ReturnType<typeof refundList.parse>) {
  return {
    merchantId,
    paymentId: list.filters.payment_id ?? '',
    statuses: (list.filters.status ?? []).map((s) => enumValue<refund.RefundStatus>(RefundStatus, s, 'REFUND_STATUS_')!),
    createdAt: list.createdAt,
    amount: list.amount,
    metadata: list.metadata,
    page: list.page,
  };
}

/** The refund in a contract response; its absence would be a broken service, not a client error. */
function required<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`refund route: the service answered without ${what}`);
  return value;
}

/** POST /v1/payments/:payment_id/refunds, GET /v1/refunds, GET /v1/refunds/:id. */
export function registerRefundRoutes(router: Router, deps: Deps): void {
  const { refund: refunds, payment: payments } = deps.clients;

  router.post('/payments/:payment_id/refunds', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const paymentId = req.params.payment_id as string;
    const input = parseCreateRefund(req.body);
    const out = await refunds.createRefund({ merchantId, paymentId, ...input, idempotency: idempotencyOf(res) });
    res.status(201).json(presentRefund(required(out.refund, 'a refund')));
  });

  router.get('/refunds', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = refundList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await refunds.listRefunds(listRefundsRequest(merchantId, list));
    res.json(
      listResponse(list, out.refunds, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (r) => ({ createdAt: r.createdAt, amountMinor: r.amountMinor, id: r.id }),
        present: presentRefund,
      }),
    );
  });

  router.get('/refunds/:id', async (req, res) => {
    const expand = singleResourceQuery(req.query, ['payment']);
    const merchantId = merchantOf(res).id;
    const found = required((await refunds.getRefund({ merchantId, id: req.params.id as string })).refund, 'a refund');
    if (!expand.has('payment')) return void res.json(presentRefund(found));
    const payment = required((await payments.getPayment({ merchantId, id: found.paymentId })).payment, 'a payment');
    res.json({ ...presentRefund(found), payment: presentPayment(payment) });
  });
}

/**
 * POST /v1/sandbox/refunds/:id/settle and /fail: the model bank settles or rejects the refund
 * now. Sandbox only (registered with the sandbox routes). 202: the bank accepted the request.
 */
export function registerSandboxRefundRoutes(router: Router, deps: Deps): void {
  const { refund: refunds, sandboxBank } = deps.clients;

  for (const action of ['settle', 'fail'] as const) {
    router.post(`/sandbox/refunds/:id/${action}`, async (req, res) => {
      noBody(req.body);
      const merchantId = merchantOf(res).id;
      const id = req.params.id as string;
      // Merchant-scoped first, so another merchant's refund is 404 here.
      const current = required((await refunds.getRefund({ merchantId, id })).refund, 'a refund');
      const contradicts = action === 'settle' ? RefundStatus.FAILED : RefundStatus.SETTLED;
      if (current.status === contradicts)
        throw new ApiError(
          'invalid_state_transition',
          `A ${action === 'settle' ? 'failed' : 'settled'} refund cannot be ${action === 'settle' ? 'settled' : 'failed'}.`,
        );
      await forceAtBank('refund', () => sandboxBank.decideRefund({ merchantId, refundId: id, reject: action === 'fail' }));
      const after = required((await refunds.getRefund({ merchantId, id })).refund, 'a refund');
      res.status(202).json(presentRefund(after));
    });
  }
}
