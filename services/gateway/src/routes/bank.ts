import express, { type Response, type Router } from 'express';
import { connector } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { recordJourneyOutcome } from '../usecases/record-journey-outcome.js';

const { Outcome } = connector;

/** The outcome words the merchant's redirect_uri receives. */
const OUTCOME_WORDS: Record<number, string> = {
  [Outcome.SUCCESS]: 'success',
  [Outcome.DECLINED]: 'declined',
  [Outcome.EXPIRED]: 'expired',
  [Outcome.ERROR]: 'error',
};

/** Where the customer goes: the merchant's return address, or a plain page of the platform when there is none. */
function sendOnward(res: Response, redirectUrl: string, outcome: connector.Outcome): void {
  if (redirectUrl) {
    res.redirect(303, redirectUrl);
    return;
  }
  const word = OUTCOME_WORDS[outcome] ?? 'error';
  res
    .status(outcome === Outcome.SUCCESS ? 200 : 400)
    .type('text/plain')
    .send(`Authorisation ended: ${word}. You can close this page.`);
}

/**
 * The bank's side of the customer's journey, unauthenticated (the bank and the customer's browser
 * call them): GET /v1/bank/authorise/:token sends the customer to their bank; GET|POST
 * /v1/bank/callback is the bank's redirect back (the connector completes the authorisation, the
 * mandate service records how it ended, then 303 to the merchant's redirect_uri with the outcome);
 * POST /v1/bank/event-notifications takes the bank's signed event notifications.
 */
export function registerBankRoutes(router: Router, deps: Deps): void {
  router.get('/bank/authorise/:token', async (req, res) => {
    const out = await deps.clients.connector.beginAuthorisation({ token: req.params.token as string });
    if (out.outcome === Outcome.UNSPECIFIED) {
      res.redirect(303, out.redirectUrl);
      return;
    }
    sendOnward(res, out.redirectUrl, out.outcome);
  });

  const callback = async (params: Record<string, string>, res: Response) => {
    const out = await deps.clients.connector.completeAuthorisation({ params });
    if (out.mandateRequestId) await recordJourneyOutcome(deps.clients.mandate, out.mandateRequestId, out.outcome);
    sendOnward(res, out.redirectUrl, out.outcome);
  };
  const stringParams = (source: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => typeof e[1] === 'string'));
  router.get('/bank/callback', (req, res) => callback(stringParams(req.query as Record<string, unknown>), res));
  router.post('/bank/callback', express.urlencoded({ extended: false, limit: '64kb' }), (req, res) =>
    callback(stringParams({ ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) }), res),
  );

  router.post('/bank/event-notifications', express.text({ type: () => true, limit: '64kb' }), async (req, res) => {
    const token = typeof req.body === 'string' ? req.body.trim() : '';
    if (!token) throw new ApiError('validation_error', 'The body must be the signed event notification.', { param: 'body' });
    const interactionId = req.get('x-fapi-interaction-id') ?? '';
    await deps.clients.connector.receiveEventNotification({ token, interactionId });
    if (interactionId) res.set('x-fapi-interaction-id', interactionId);
    res.status(202).end();
  });
}
