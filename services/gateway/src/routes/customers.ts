import type { Router } from 'express';
import type { mandate } from '@vrp/contracts';
import { CUSTOMER_LIMITS, EMAIL_PATTERN, createCustomerBody, presentCustomer, updateCustomerBody, validateMetadata } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, listResponse, singleResourceQuery, textFilter } from '../lists/index.js';
import { idempotencyOf, merchantOf } from '../middleware/locals.js';
import { createCustomer } from '../usecases/create-customer.js';
import { parseRequest } from '../validation/body.js';

const customerList = defineList({
  resource: 'customers',
  filters: {
    email: textFilter(CUSTOMER_LIMITS.emailMaxLength, { pattern: EMAIL_PATTERN, message: 'must be an email address' }),
    reference: textFilter(CUSTOMER_LIMITS.referenceMaxLength),
  },
  amount: false,
  // Customers carry no amount.
  orders: ['-created_at', 'created_at'],
});

/** Reads an update body: a field absent stays, null clears it (the contract clears with an empty string). */
function parseUpdateCustomer(raw: unknown) {
  const body = parseRequest(updateCustomerBody, raw);
  return {
    ...(body.email !== undefined ? { email: body.email ?? '' } : {}),
    ...(body.name !== undefined ? { name: body.name ?? '' } : {}),
    ...(body.reference !== undefined ? { reference: body.reference ?? '' } : {}),
    replaceMetadata: body.metadata !== undefined,
    ...(body.metadata ? { metadata: validateMetadata(body.metadata) } : {}),
  };
}

/** The customer in a contract response; its absence would be a broken service, not a client error. */
function required(c: mandate.Customer | undefined): mandate.Customer {
  if (!c) throw new Error('mandate service answered without a customer');
  return c;
}

/** POST/GET /v1/customers, GET/PATCH/DELETE /v1/customers/:id. */
export function registerCustomerRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;

  router.post('/customers', async (req, res) => {
    const body = parseRequest(createCustomerBody, req.body);
    const customer = await createCustomer(mandates, {
      merchantId: merchantOf(res).id,
      // They authenticate at their bank later, in a consent journey.
      scaCompleted: false,
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.reference !== undefined ? { reference: body.reference } : {}),
      metadata: validateMetadata(body.metadata),
      idempotency: idempotencyOf(res),
    });
    res.status(201).json(presentCustomer(customer));
  });

  router.get('/customers', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = customerList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await mandates.listCustomers({
      merchantId,
      email: list.filters.email ?? '',
      reference: list.filters.reference ?? '',
      createdAt: list.createdAt,
      page: list.page,
    });
    res.json(
      listResponse(list, out.customers, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (c) => ({ createdAt: c.createdAt, id: c.id }),
        present: presentCustomer,
      }),
    );
  });

  router.get('/customers/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await mandates.getCustomer({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentCustomer(required(out.customer)));
  });

  router.patch('/customers/:id', async (req, res) => {
    const changes = parseUpdateCustomer(req.body);
    const out = await mandates.updateCustomer({ merchantId: merchantOf(res).id, id: req.params.id as string, ...changes });
    res.json(presentCustomer(required(out.customer)));
  });

  router.delete('/customers/:id', async (req, res) => {
    const out = await mandates.eraseCustomer({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentCustomer(required(out.customer)));
  });
}
