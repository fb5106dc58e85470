import type { Router } from 'express';
import { mandate } from '@vrp/contracts';
import { enumValue, MANDATE_FREQUENCIES, MANDATE_STATUSES, presentMandate, validateMetadata } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery } from '../lists/index.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import {
  onlyFields,
  optionalString,
  requiredAmount,
  requiredCurrency,
  requiredEnum,
  requiredString,
  type Body,
} from '../validation/body.js';
import { revokeMandate } from '../usecases/revoke-mandate.js';

const { MandateStatus, Frequency } = mandate;

const mandateList = defineList({
  resource: 'mandates',
  filters: { customer_id: idFilter(), status: enumFilter(MANDATE_STATUSES) },
  amount: true,
});

const CREATE_FIELDS = ['customer_id', 'maximum_amount', 'currency', 'frequency', 'description', 'metadata'] as const;

/** Reads a create-mandate body in field order, so the first problem named is the first field at fault. */
function parseCreateMandate(body: Body) {
  onlyFields(body, CREATE_FIELDS);
  const customerId = requiredString(body, 'customer_id');
  const currency = requiredCurrency(body);
  const maximumAmountMinor = requiredAmount(body, 'maximum_amount', currency);
  const frequency = requiredEnum(body, 'frequency', MANDATE_FREQUENCIES);
  const description = optionalString(body, 'description', 1000);
  const metadata = validateMetadata(body.metadata);
  return {
    customerId,
    currency,
    maximumAmountMinor,
    frequency: enumValue<mandate.Frequency>(Frequency, frequency, 'FREQUENCY_')!,
    description,
    metadata,
  };
}

/** The mandate in a contract response; its absence would be a broken service, not a client error. */
function required(m: mandate.Mandate | undefined): mandate.Mandate {
  if (!m) throw new Error('mandate service answered without a mandate');
  return m;
}

/** POST/GET /v1/mandates, GET /v1/mandates/:id, POST /v1/mandates/:id/cancel. */
export function registerMandateRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;

  router.post('/mandates', async (req, res) => {
    const merchant = merchantOf(res);
    const input = parseCreateMandate(req.body as Body);
    const out = await mandates.createMandate({
      merchantId: merchant.id,
      merchantPayoutCurrency: merchant.payoutCurrency,
      ...input,
      idempotency: idempotencyOf(res),
    });
    res.status(201).json(presentMandate(required(out.mandate)));
  });

  router.get('/mandates', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = mandateList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await mandates.listMandates({
      merchantId,
      customerId: list.filters.customer_id ?? '',
      statuses: (list.filters.status ?? []).map((s) => enumValue<mandate.MandateStatus>(MandateStatus, s, 'MANDATE_STATUS_')!),
      createdAt: list.createdAt,
      amount: list.amount,
      page: list.page,
    });
    res.json(
      listResponse(list, out.mandates, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (m) => ({ createdAt: m.createdAt, amountMinor: m.maximumAmountMinor, id: m.id }),
        present: presentMandate,
      }),
    );
  });

  router.get('/mandates/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await mandates.getMandate({ merchantId: merchantOf(res).id, id: req.params.id });
    res.json(presentMandate(required(out.mandate)));
  });

  router.post('/mandates/:id/cancel', async (req, res) => {
    onlyFields(req.body as Body, []);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    const out = await revokeMandate(deps.clients, merchantId, id, () => mandates.cancelMandate({ merchantId, id }));
    res.json(presentMandate(required(out.mandate)));
  });
}
