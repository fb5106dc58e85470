import type { Router } from 'express';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import {
  confirmFundsBody,
  createMandateBody,
  enumValue,
  MANDATE_STATUSES,
  presentMandate,
  requiredTimestamp,
  validateMetadata,
} from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery } from '../lists/index.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import { knownCurrency, minorUnits, noBody, parseRequest } from '../validation/body.js';
import { timestampParam } from '../lists/query-values.js';
import { revokeMandate } from '../usecases/revoke-mandate.js';
import { presentOneMandate } from '../usecases/present-mandate.js';
import { creditorAccountOf } from '../domain/creditor-account.js';

const { MandateStatus, Frequency, Period, Alignment } = mandate;

/** GET /v1/mandates's query; exports take the same filters. */
export const mandateList = defineList({
  resource: 'mandates',
  filters: { customer_id: idFilter(), status: enumFilter(MANDATE_STATUSES) },
  amount: true,
  metadata: true,
});

/** The service request of a parsed mandate list. */
export function listMandatesRequest(merchantId: string, list: ReturnType<typeof mandateList.parse>) {
  return {
    merchantId,
    customerId: list.filters.customer_id ?? '',
    statuses: (list.filters.status ?? []).map((s) => enumValue<mandate.MandateStatus>(MandateStatus, s, 'MANDATE_STATUS_')!),
    createdAt: list.createdAt,
    amount: list.amount,
    metadata: list.metadata,
    page: list.page,
  };
}

/** Reads a create-mandate body: every problem of its schema at once, then the amount in its currency. */
function parseCreateMandate(raw: unknown) {
  const body = parseRequest(createMandateBody, raw);
  const currency = knownCurrency(body.currency);
  return {
    customerId: body.customer_id,
    currency,
    maximumAmountMinor: minorUnits('maximum_amount', body.maximum_amount, currency),
    frequency: enumValue<mandate.Frequency>(Frequency, body.frequency, 'FREQUENCY_')!,
    description: body.description ?? '',
    metadata: validateMetadata(body.metadata),
    controls: controlsOf(body.controls, currency),
    vrpType: body.vrp_type === 'sweeping' ? mandate.VrpType.SWEEPING : mandate.VrpType.COMMERCIAL,
  };
}

/** The controls of a create body as the contract's message: times parsed, caps in the mandate's minor units. */
function controlsOf(body: ReturnType<typeof createMandateBody.parse>['controls'], currency: string): mandate.Controls | undefined {
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

/** The mandate in a contract response; its absence would be a broken service, not a client error. */
function required(m: mandate.Mandate | undefined): mandate.Mandate {
  if (!m) throw new Error('mandate service answered without a mandate');
  return m;
}

/** POST/GET /v1/mandates, GET /v1/mandates/:id, POST /v1/mandates/:id/cancel. */
export function registerMandateRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;

  const withUsage = (m: mandate.Mandate, merchantId: string) => presentOneMandate(deps.clients, m, merchantId);

  router.post('/mandates', async (req, res) => {
    const merchant = merchantOf(res);
    const input = parseCreateMandate(req.body);
    const out = await mandates.createMandate({
      merchantId: merchant.id,
      merchantPayoutCurrency: merchant.payoutCurrency,
      ...input,
      idempotency: idempotencyOf(res),
      // The payee of the consent staged at the bank; in sandbox a model account when none was set.
      creditorAccount: creditorAccountOf(merchant, deps.config.env),
    });
    res.status(201).json(await withUsage(required(out.mandate), merchant.id));
  });

  router.get('/mandates', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = mandateList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await mandates.listMandates(listMandatesRequest(merchantId, list));
    res.json(
      listResponse(list, out.mandates, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (m) => ({ createdAt: m.createdAt, amountMinor: m.maximumAmountMinor, id: m.id }),
        present: (m) => presentMandate(m),
      }),
    );
  });

  router.get('/mandates/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const merchantId = merchantOf(res).id;
    const out = await mandates.getMandate({ merchantId, id: req.params.id });
    res.json(await withUsage(required(out.mandate), merchantId));
  });

  router.post('/mandates/:id/funds-confirmation', async (req, res) => {
    const body = parseRequest(confirmFundsBody, req.body);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    const current = required((await mandates.getMandate({ merchantId, id })).mandate);
    if (current.status !== mandate.MandateStatus.ACTIVE) throw new ApiError('mandate_not_active', `Mandate '${id}' is not active.`);
    const answer = await deps.clients.connector.confirmFunds({
      merchantId,
      mandateId: id,
      amountMinor: minorUnits('amount', body.amount, current.currency),
      currency: current.currency,
    });
    res.json({ funds_available: answer.fundsAvailable, checked_at: requiredTimestamp(answer.checkedAt, 'checked_at') });
  });

  router.post('/mandates/:id/cancel', async (req, res) => {
    noBody(req.body);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    const out = await revokeMandate(deps.clients, merchantId, id, () => mandates.cancelMandate({ merchantId, id }));
    res.json(await withUsage(required(out.mandate), merchantId));
  });
}
