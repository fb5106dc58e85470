import type { Router } from 'express';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createMandateRequestBody, enumValue, MANDATE_REQUEST_STATUSES, presentMandateRequest, validateMetadata } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { creditorAccountOf } from '../domain/creditor-account.js';
import { checkRedirectUri } from '../domain/redirect-uri.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery } from '../lists/index.js';
import { timestampParam } from '../lists/query-values.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import { createCustomer } from '../usecases/create-customer.js';
import { knownCurrency, minorUnits, noBody, parseRequest } from '../validation/body.js';

const { MandateRequestStatus, Frequency, Period, Alignment } = mandate;

const requestList = defineList({
  resource: 'mandate requests',
  filters: { customer_id: idFilter(), status: enumFilter(MANDATE_REQUEST_STATUSES) },
  amount: false,
  // Ordered by creation only, as customers are.
  orders: ['-created_at', 'created_at'],
});

type Body = ReturnType<typeof createMandateRequestBody.parse>;

/** The controls of a body as the contract's message: times parsed, caps in the request's minor units. */
function controlsOf(body: Body['controls'], currency: string): mandate.Controls | undefined {
  if (!body) return undefined;
  return create(mandate.ControlsSchema, {
    ...(body.valid_from ? { validFrom: timestampFromDate(timestampParam('controls.valid_from', body.valid_from)) } : {}),
    ...(body.valid_to ? { validTo: timestampFromDate(timestampParam('controls.valid_to', body.valid_to)) } : {}),
    periodicLimits: (body.periodic_limits ?? []).map((l, i) => ({
      period: enumValue<mandate.Period>(Period, l.period, 'PERIOD_')!,
      alignment: enumValue<mandate.Alignment>(Alignment, l.alignment, 'ALIGNMENT_')!,
      ...(l.max_amount !== undefined
        ? { maxAmountMinor: minorUnits(`controls.periodic_limits[${i}].max_amount`, l.max_amount, currency) }
        : {}),
      ...(l.max_payments !== undefined ? { maxPayments: l.max_payments } : {}),
    })),
  });
}

/** The request in a contract response; its absence would be a broken service, not a client error. */
export function requiredRequest(r: mandate.MandateRequest | undefined): mandate.MandateRequest {
  if (!r) throw new Error('mandate service answered without a mandate request');
  return r;
}

/** POST/GET /v1/mandate-requests, GET /v1/mandate-requests/:id, POST /v1/mandate-requests/:id/cancel. */
export function registerMandateRequestRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;

  router.post('/mandate-requests', async (req, res) => {
    const merchant = merchantOf(res);
    const body = parseRequest(createMandateRequestBody, req.body);
    if ((body.customer_id === undefined) === (body.customer === undefined)) {
      throw new ApiError('validation_error', 'Give exactly one of customer_id and customer.', { param: 'customer_id' });
    }
    const currency = knownCurrency(body.currency);
    const input = {
      currency,
      maximumAmountMinor: minorUnits('maximum_amount', body.maximum_amount, currency),
      frequency: enumValue<mandate.Frequency>(Frequency, body.frequency, 'FREQUENCY_')!,
      description: body.description ?? '',
      metadata: validateMetadata(body.metadata),
      controls: controlsOf(body.controls, currency),
      vrpType: body.vrp_type === 'sweeping' ? mandate.VrpType.SWEEPING : mandate.VrpType.COMMERCIAL,
      redirectUri: checkRedirectUri(body.redirect_uri ?? '', deps.config.env),
      expiresInSeconds: body.expires_in ?? 0,
    };
    const customerId =
      body.customer_id ?? (await createCustomer(mandates, { merchantId: merchant.id, scaCompleted: false, ...body.customer })).id;
    const out = await mandates.requestMandate({
      merchantId: merchant.id,
      merchantPayoutCurrency: merchant.payoutCurrency,
      customerId,
      ...input,
      // The merchant's account; in sandbox a model account when none was set.
      creditorAccount: creditorAccountOf(merchant, deps.config.env),
      idempotency: idempotencyOf(res),
    });
    res.status(201).json(presentMandateRequest(requiredRequest(out.mandateRequest)));
  });

  router.get('/mandate-requests', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = requestList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await mandates.listMandateRequests({
      merchantId,
      customerId: list.filters.customer_id ?? '',
      statuses: (list.filters.status ?? []).map((s) =>
        enumValue<mandate.MandateRequestStatus>(MandateRequestStatus, s, 'MANDATE_REQUEST_STATUS_')!,
      ),
      page: list.page,
    });
    res.json(
      listResponse(list, out.mandateRequests, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (r) => ({ createdAt: r.createdAt, id: r.id }),
        present: (r) => presentMandateRequest(r),
      }),
    );
  });

  router.get('/mandate-requests/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await mandates.describeMandateRequest({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentMandateRequest(requiredRequest(out.mandateRequest)));
  });

  router.post('/mandate-requests/:id/cancel', async (req, res) => {
    noBody(req.body);
    const out = await mandates.withdrawMandateRequest({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentMandateRequest(requiredRequest(out.mandateRequest)));
  });
}
