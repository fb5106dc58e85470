import express, { Router } from 'express';
import { payoutRequest } from '@vrp/open-banking';
import type { Deps } from '../deps.js';
import { payoutResponse } from '../messages.js';
import { createPayout } from '../usecases/create-payout.js';
import { getPayout } from '../usecases/get-payout.js';
import type { ObHttp } from './ob-http.js';

/**
 * The model bank's payout extension (mounted at PAYOUTS_PATH), in the same security profile as
 * the VRP resources: client-credentials token over mutual TLS, signed bodies, x-idempotency-key.
 */
export function payoutRoutes(deps: Deps, ob: ObHttp): Router {
  const router = Router();
  router.use(express.raw({ type: () => true, limit: '64kb' }));

  router.post(
    '/',
    ob.endpoint({ grant: 'client_credentials', body: payoutRequest, idempotent: true }, async (call) => ({
      status: 201,
      body: payoutResponse(
        deps.issuer,
        await createPayout(deps, {
          clientId: call.caller.clientId,
          key: call.idempotencyKey,
          body: call.raw,
          request: call.request,
          interactionId: call.interactionId,
        }),
      ),
    })),
  );

  router.get(
    '/:PayoutId',
    ob.endpoint({ grant: 'client_credentials' }, async (call) => ({
      status: 200,
      body: payoutResponse(deps.issuer, await getPayout(deps, { clientId: call.caller.clientId, payoutId: call.params.PayoutId! })),
    })),
  );

  router.use((_req, res) => void ob.send(res, 404));
  router.use(ob.errors());
  return router;
}
