import type { Request, Response, Router } from 'express';
import { ApiError } from '@vrp/errors';
import { connector, mandate } from '@vrp/contracts';
import { presentMandateRequest } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { merchantOf } from '../middleware/locals.js';
import { recordJourneyOutcome } from '../usecases/record-journey-outcome.js';
import { noBody } from '../validation/body.js';
import { requiredRequest } from './mandate-requests.js';

/**
 * POST /v1/sandbox/mandate-requests/:id/{approve|decline|expire}: the customer's side of the journey
 * without a browser. Approve and decline go through the model bank's real pages (the connector
 * walks them) and the same completion as the bank's redirect; expire ends the journey now and
 * withdraws its consent at the bank. Each answers the request as it then is; a request that has
 * ended is 422 invalid_state_transition.
 */
export function registerSandboxMandateRequestRoutes(router: Router, deps: Deps): void {
  const mandates = deps.clients.mandate;
  const awaiting = async (merchantId: string, id: string) => {
    const r = requiredRequest((await mandates.describeMandateRequest({ merchantId, id })).mandateRequest);
    if (r.status !== mandate.MandateRequestStatus.AWAITING_AUTHORISATION) {
      const status = presentMandateRequest(r).status;
      throw new ApiError('invalid_state_transition', `Mandate request '${id}' is ${status}: the customer can no longer decide.`);
    }
    return r;
  };
  const decide = (decline: boolean) => async (req: Request, res: Response) => {
    noBody(req.body);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    const r = await awaiting(merchantId, id);
    const out = await deps.clients.sandboxBank.approveConsent({ merchantId, mandateId: r.mandateId, decline });
    await recordJourneyOutcome(mandates, id, out.outcome, merchantId);
    res.json(presentMandateRequest(requiredRequest((await mandates.describeMandateRequest({ merchantId, id })).mandateRequest)));
  };
  router.post('/sandbox/mandate-requests/:id/approve', decide(false));
  router.post('/sandbox/mandate-requests/:id/decline', decide(true));
  router.post('/sandbox/mandate-requests/:id/expire', async (req, res) => {
    noBody(req.body);
    const merchantId = merchantOf(res).id;
    const id = req.params.id as string;
    const out = await recordJourneyOutcome(mandates, id, connector.Outcome.EXPIRED, merchantId);
    const r = requiredRequest(out?.mandateRequest);
    await deps.clients.connector.cancelConsent({ merchantId, mandateId: r.mandateId });
    res.json(presentMandateRequest(r));
  });
}
