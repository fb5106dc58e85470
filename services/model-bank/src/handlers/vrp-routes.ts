import express, { Router } from 'express';
import { obFundsConfirmationRequest, obVrpConsentRequest, obVrpRequest } from '@vrp/open-banking';
import type { Deps } from '../deps.js';
import { consentResponse, fundsConfirmationResponse, paymentDetails, paymentResponse } from '../messages.js';
import { confirmFunds } from '../usecases/confirm-funds.js';
import { consentOfGrant } from '../usecases/consent-of-grant.js';
import { createConsent } from '../usecases/create-consent.js';
import { createPayment } from '../usecases/create-payment.js';
import { deleteConsent } from '../usecases/delete-consent.js';
import { getConsent } from '../usecases/get-consent.js';
import { getPayment } from '../usecases/get-payment.js';
import type { ObHttp } from './ob-http.js';

/** The VRP profile's resource endpoints (mounted at VRP_BASE_PATH): OB requests in, use cases, OB answers out. */
export function vrpRoutes(deps: Deps, ob: ObHttp): Router {
  const router = Router();
  router.use(express.raw({ type: () => true, limit: '256kb' }));

  router.post(
    '/domestic-vrp-consents',
    ob.endpoint({ grant: 'client_credentials', body: obVrpConsentRequest, idempotent: true }, async (call) => ({
      status: 201,
      body: consentResponse(deps.issuer, {
        consent: await createConsent(deps, {
          clientId: call.caller.clientId,
          key: call.idempotencyKey,
          body: call.raw,
          request: call.request,
        }),
      }),
    })),
  );

  router.get(
    '/domestic-vrp-consents/:ConsentId',
    ob.endpoint({ grant: 'client_credentials' }, async (call) => ({
      status: 200,
      body: consentResponse(deps.issuer, await getConsent(deps, { clientId: call.caller.clientId, consentId: call.params.ConsentId! })),
    })),
  );

  router.delete(
    '/domestic-vrp-consents/:ConsentId',
    ob.endpoint({ grant: 'client_credentials' }, async (call) => {
      await deleteConsent(deps, { clientId: call.caller.clientId, consentId: call.params.ConsentId!, interactionId: call.interactionId });
      return { status: 204 };
    }),
  );

  router.post(
    '/domestic-vrp-consents/:ConsentId/funds-confirmation',
    ob.endpoint({ grant: 'authorization_code', body: obFundsConfirmationRequest }, async (call) => {
      const confirmation = await confirmFunds(deps, {
        clientId: call.caller.clientId,
        tokenConsentId: (await consentOfGrant(deps, call.caller.grantId)) ?? '',
        consentId: call.params.ConsentId!,
        request: call.request,
      });
      return { status: 201, body: fundsConfirmationResponse(confirmation, call.request.Data) };
    }),
  );

  router.post(
    '/domestic-vrps',
    ob.endpoint({ grant: 'authorization_code', body: obVrpRequest, idempotent: true }, async (call) => ({
      status: 201,
      body: paymentResponse(
        deps.issuer,
        await createPayment(deps, {
          clientId: call.caller.clientId,
          key: call.idempotencyKey,
          body: call.raw,
          request: call.request,
          tokenConsentId: (await consentOfGrant(deps, call.caller.grantId)) ?? '',
          interactionId: call.interactionId,
        }),
      ),
    })),
  );

  router.get(
    '/domestic-vrps/:DomesticVRPId',
    ob.endpoint({ grant: 'client_credentials' }, async (call) => ({
      status: 200,
      body: paymentResponse(deps.issuer, await getPayment(deps, { clientId: call.caller.clientId, paymentId: call.params.DomesticVRPId! })),
    })),
  );

  router.get(
    '/domestic-vrps/:DomesticVRPId/payment-details',
    ob.endpoint({ grant: 'client_credentials' }, async (call) => ({
      status: 200,
      body: paymentDetails(await getPayment(deps, { clientId: call.caller.clientId, paymentId: call.params.DomesticVRPId! })),
    })),
  );

  // Endpoints the bank does not implement (PUT/PATCH consent migration, anything else): 404, as the profile says.
  router.use((_req, res) => void ob.send(res, 404));
  router.use(ob.errors());
  return router;
}
