import type { Router } from 'express';
import type { mandate } from '@vrp/contracts';
import {
  createSandboxCustomerBody,
  presentCustomer,
  revokeSandboxMandateBody,
  setSandboxBalanceBody,
  suspendSandboxMandateBody,
} from '@vrp/public-api';
import { knownCurrency, minorUnits } from '../validation/body.js';
import { presentOneMandate } from '../usecases/present-mandate.js';
import type { Deps } from '../deps.js';
import { merchantOf } from '../middleware/locals.js';
import { createCustomer } from '../usecases/create-customer.js';
import { noBody, parseRequest } from '../validation/body.js';
import { revokeInSandbox, suspendAtBankInSandbox } from '../usecases/at-bank-in-sandbox.js';
import { approveAtBank } from '../usecases/approve-at-bank.js';
import { registerSandboxClockRoutes } from './sandbox-clock.js';
import { registerSandboxMandateRequestRoutes } from './sandbox-mandate-requests.js';

/**
 * Sandbox simulators: the customer's and the bank's side of a mandate, for testing. Only
 * registered in sandbox, so production answers 404 not_found like any unknown route.
 */
export function registerSandboxRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;
  registerSandboxClockRoutes(router, deps);
  registerSandboxMandateRequestRoutes(router, deps);

  router.post('/sandbox/customers', async (req, res) => {
    const body = parseRequest(createSandboxCustomerBody, req.body);
    const customer = await createCustomer(mandates, { merchantId: merchantOf(res).id, scaCompleted: body.sca_completed });
    res.status(201).json(presentCustomer(customer));
  });

  // What the customer's account at the model bank holds: funds confirmation answers from it, and a
  // payment it cannot cover fails with insufficient_funds.
  router.post('/sandbox/customers/:id/balance', async (req, res) => {
    const body = parseRequest(setSandboxBalanceBody, req.body);
    const merchant = merchantOf(res);
    const currency = knownCurrency(body.currency ?? merchant.payoutCurrency);
    const amountMinor = /^0+(\.0+)?$/.test(body.amount) ? 0n : minorUnits('amount', body.amount, currency);
    // Merchant-scoped first, so another merchant's customer is 404 here.
    const { customer } = await mandates.getCustomer({ merchantId: merchant.id, id: req.params.id as string });
    await deps.clients.sandboxBank.setBalance({ merchantId: merchant.id, customerId: customer!.id, amountMinor, currency });
    res.json(presentCustomer(customer!));
  });

  const transition = (action: string, call: (merchantId: string, id: string, body: unknown) => Promise<{ mandate?: mandate.Mandate }>) => {
    router.post(`/sandbox/mandates/:id/${action}`, async (req, res) => {
      const out = await call(merchantOf(res).id, req.params.id as string, req.body);
      if (!out.mandate) throw new Error(`${action} answered without a mandate`);
      res.json(await presentOneMandate(deps.clients, out.mandate, merchantOf(res).id));
    });
  };
  transition('activate', async (merchantId, id, body) => {
    noBody(body);
    await approveAtBank(deps, merchantId, id);
    return mandates.activateMandate({ merchantId, id });
  });
  // A linked-account change at the model bank when a reason is given (see suspendAtBankInSandbox), else the platform's risk review.
  transition('suspend', (merchantId, id, body) => {
    const { reason } = parseRequest(suspendSandboxMandateBody, body);
    return reason ? suspendAtBankInSandbox(deps.clients, merchantId, id, reason) : mandates.suspendMandate({ merchantId, id });
  });
  transition('reinstate', (merchantId, id, body) => (noBody(body), mandates.reinstateMandate({ merchantId, id })));
  // At the model bank when it holds the mandate's consent (see revokeInSandbox), else directly.
  transition('revoke', (merchantId, id, body) =>
    revokeInSandbox(deps.clients, merchantId, id, parseRequest(revokeSandboxMandateBody, body).by),
  );
}
