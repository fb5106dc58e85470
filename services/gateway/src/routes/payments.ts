import type { Router } from 'express';
import { payment } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { PAYMENT_STATUSES, enumValue, failSandboxPaymentBody, presentPayment } from '@vrp/public-api';
import { forceAtBank } from '../usecases/force-at-bank.js';
import { presentOneMandate } from '../usecases/present-mandate.js';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery, textFilter } from '../lists/index.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import { noBody, parseRequest } from '../validation/body.js';
import { dateFilter } from './payments/date-filter.js';
import { parseCreatePayment } from './payments/parse-create-payment.js';
import { listPaymentRefunds } from './refunds/payment-refunds.js';

const { PaymentStatus } = payment;

/** GET /v1/payments's query; exports take the same filters. */
export const paymentList = defineList({
  resource: 'payments',
  filters: {
    mandate_id: idFilter(),
    payment_id: idFilter(),
    schedule_id: idFilter(),
    status: enumFilter(PAYMENT_STATUSES),
    'settlement_date[gte]': dateFilter(),
    'settlement_date[lte]': dateFilter(),
    reference: textFilter(18, { pattern: /^[A-Za-z0-9 -]+$/, message: 'must be letters, digits, spaces or hyphens' }),
    end_to_end_id: textFilter(35),
  },
  amount: true,
  metadata: true,
});

/** The service request of a parsed payment list. */
export function listPaymentsRequest(merchantId: string, list: ReturnType<typeof paymentList.parse>) {
  return {
    merchantId,
    mandateId: list.filters.mandate_id ?? '',
    paymentId: list.filters.payment_id ?? '',
    scheduleId: list.filters.schedule_id ?? '',
    statuses: (list.filters.status ?? []).map((s) => enumValue<payment.PaymentStatus>(PaymentStatus, s, 'PAYMENT_STATUS_')!),
    createdAt: list.createdAt,
    settlementDate: { gte: list.filters['settlement_date[gte]'] ?? '', lte: list.filters['settlement_date[lte]'] ?? '' },
    amount: list.amount,
    reference: list.filters.reference ?? '',
    endToEndId: list.filters.end_to_end_id ?? '',
    metadata: list.metadata,
    page: list.page,
  };
}

/** The payment in a contract response; its absence would be a broken service, not a client error. */
function required(p: payment.Payment | undefined): payment.Payment {
  if (!p) throw new Error('payment service answered without a payment');
  return p;
}

/** POST/GET /v1/payments, GET /v1/payments/:id (?expand=mandate,refunds), POST /v1/payments/:id/retry. */
export function registerPaymentRoutes(router: Router, deps: Deps): void {
  const { payment: payments, mandate: mandates, refund: refunds } = deps.clients;

  router.post('/payments', async (req, res) => {
    const input = parseCreatePayment(req.body);
    const out = await payments.createPayment({ merchantId: merchantOf(res).id, ...input, idempotency: idempotencyOf(res) });
    res.status(201).json(presentPayment(required(out.payment)));
  });

  router.get('/payments', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = paymentList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await payments.listPayments(listPaymentsRequest(merchantId, list));
    res.json(
      listResponse(list, out.payments, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (p) => ({ createdAt: p.createdAt, amountMinor: p.amountMinor, id: p.id }),
        present: presentPayment,
      }),
    );
  });

  router.get('/payments/:id', async (req, res) => {
    const expand = singleResourceQuery(req.query, ['mandate', 'refunds']);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    // The refunds are asked for by the payment's id alone, so at once with the payment (the
    // refund service answers only this merchant's); the mandate needs the payment's mandate id.
    const refundsOfPayment = expand.has('refunds') ? listPaymentRefunds(refunds, merchantId, id) : undefined;
    // When the payment's read fails, its error is the answer and this one is dropped.
    refundsOfPayment?.catch(() => undefined);
    const found = required((await payments.getPayment({ merchantId, id })).payment);
    const body: Record<string, unknown> = { ...presentPayment(found) };
    const expandMandate = async () => {
      const { mandate } = await mandates.getMandate({ merchantId, id: found.mandateId });
      if (!mandate) throw new Error('mandate service answered without a mandate');
      return presentOneMandate(deps.clients, mandate, merchantId);
    };
    const [mandate, paymentRefunds] = await Promise.all([expand.has('mandate') ? expandMandate() : undefined, refundsOfPayment]);
    if (mandate) body.mandate = mandate;
    if (paymentRefunds) {
      body.refunds = paymentRefunds.refunds;
      body.refunds_has_more = paymentRefunds.hasMore;
    }
    res.json(body);
  });

  router.post('/payments/:id/retry', async (req, res) => {
    noBody(req.body);
    const out = await payments.retryPayment({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentPayment(required(out.payment)));
  });
}

/**
 * POST /v1/sandbox/payments/:id/settle and /fail {failure_code}: the model bank decides the
 * current attempt now; the outcome reaches the payment asynchronously, so the answer is 202 with
 * the payment as it is. Sandbox only (registered with the sandbox routes).
 */
export function registerSandboxPaymentRoutes(router: Router, deps: Deps): void {
  const { payment: payments, sandboxBank } = deps.clients;

  // An empty failure code settles; any other fails the attempt with it.
  const simulate = (action: 'settle' | 'fail', failureCodeOf: (body: unknown) => string) => {
    router.post(`/sandbox/payments/:id/${action}`, async (req, res) => {
      const failureCode = failureCodeOf(req.body);
      const merchantId = merchantOf(res).id;
      const id = req.params.id as string;
      // Merchant-scoped first, so another merchant's payment is 404 here.
      const current = required((await payments.getPayment({ merchantId, id })).payment);
      if (current.status !== PaymentStatus.SUBMITTED) {
        throw new ApiError('invalid_state_transition', `Only a submitted payment can be ${action === 'settle' ? 'settled' : 'failed'}.`);
      }
      await forceAtBank('payment', () => sandboxBank.decidePayment({ merchantId, paymentId: id, failureCode }));
      res.status(202).json(presentPayment(current));
    });
  };

  simulate('settle', (body) => (noBody(body), ''));
  simulate('fail', (body) => parseRequest(failSandboxPaymentBody, body).failure_code);
}
