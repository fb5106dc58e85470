import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { INTENT_CLAIM, grantSeconds, intentOf } from '../authorisation-server.js';
import { psuSubject } from '../domain/consent.js';
import { BankError } from '../domain/errors.js';
import type { Deps } from '../deps.js';
import { authoriseConsent, prepareAuthorisation, rejectConsent } from '../usecases/authorisation.js';
import { consentPage, messagePage, pageHeaders } from './consent-page.js';
import { consentWording } from './consent-wording.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const ALLOWED_SCOPES = new Set(['openid', 'payments']);

/**
 * The consent page of the authorisation server's interactions (server-rendered, no script). In
 * sandbox the bank signs the PSU in by itself: the PSU is the client's customer the consent names
 * (Risk.MerchantCustomerIdentification), whose account is opened the first time the bank sees them.
 * Approve: the consent becomes AUTH with the PSU's account, under a grant that lives as long as the
 * consent, and the browser goes back to the client with a JARM response carrying the code. Decline:
 * the consent becomes RJCT and the browser goes back with error=access_denied.
 */
export function interactionRoutes(deps: Deps, provider: Provider, cookieKey: string): Router {
  const router = Router();
  const csrfOf = (uid: string) => createHmac('sha256', cookieKey).update(`consent-page:${uid}`).digest('base64url');
  // The Approve form's navigation ends wherever the client sends the customer on: its redirect URI
  // first, then (a mandate request) the merchant's return address, which the bank cannot know.
  // Browsers check form-action on every redirect of that chain, so it allows any https address and
  // the loopback return addresses the sandbox accepts, besides the clients' own.
  const formTargets = [
    ...new Set([...deps.clients.values()].flatMap((c) => c.redirectUris.map((u) => new URL(u).origin))),
    'https:',
    'http://127.0.0.1:*',
    'http://localhost:*',
  ];

  const sendPage = (res: Response, status: number, render: (nonce: string) => string) => {
    const nonce = randomBytes(16).toString('base64');
    res.set(pageHeaders(nonce, formTargets)).status(status).type('html').send(render(nonce));
  };
  const expired = (res: Response) =>
    sendPage(res, 400, (nonce) =>
      messagePage('This request has expired', 'Nothing was approved. Go back to the app you came from and start again.', nonce),
    );
  const finish = (req: Request, res: Response, result: InteractionResults) =>
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  // OAuth allows only printable ASCII other than '"' and '\' in an error_description.
  const refuse = (req: Request, res: Response, description: string) =>
    finish(req, res, { error: 'invalid_request', error_description: description.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, ' ') });

  /** The interaction of this browser for `uid`, or undefined when it has expired or is not this browser's. */
  const interactionOf = async (req: Request, res: Response): Promise<Interaction | undefined> => {
    try {
      const details = await provider.interactionDetails(req, res);
      return details.uid === req.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  router.get('/interaction/:uid', async (req, res) => {
    const details = await interactionOf(req, res);
    if (!details) return expired(res);
    const clientId = String(details.params.client_id);
    const consentId = intentOf(details.params.claims);
    if (!consentId) return refuse(req, res, `the authorisation request names no consent (${INTENT_CLAIM})`);
    try {
      const { consent, account } = await prepareAuthorisation(deps, { clientId, consentId });
      const wording = consentWording(consent, account, deps.clocks.now(consent.clockKey));
      sendPage(res, 200, (nonce) => consentPage(wording, { action: `/interaction/${details.uid}`, csrf: csrfOf(details.uid), nonce }));
    } catch (err) {
      if (err instanceof BankError) return refuse(req, res, err.message);
      throw err;
    }
  });

  router.post('/interaction/:uid', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    const details = await interactionOf(req, res);
    if (!details) return expired(res);
    const sent = Buffer.from(String(req.body?.csrf ?? ''));
    const expected = Buffer.from(csrfOf(details.uid));
    const decision = req.body?.decision;
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected) || (decision !== 'approve' && decision !== 'decline')) {
      return sendPage(res, 400, (nonce) => messagePage('Something went wrong', 'Nothing was approved. Go back and try again.', nonce));
    }
    const clientId = String(details.params.client_id);
    const consentId = intentOf(details.params.claims);
    if (!consentId) return refuse(req, res, `the authorisation request names no consent (${INTENT_CLAIM})`);
    try {
      if (decision === 'decline') {
        await rejectConsent(deps, { clientId, consentId });
        return finish(req, res, { error: 'access_denied', error_description: 'The customer declined the consent' });
      }
      const { consent } = await prepareAuthorisation(deps, { clientId, consentId });
      const sub = psuSubject(clientId, consent.customerRef);
      const grant = new provider.Grant({
        accountId: sub,
        clientId,
        expiresIn: grantSeconds(consent.expiresAt, deps.clocks.now(consent.clockKey)),
      } as ConstructorParameters<typeof provider.Grant>[0]);
      grant.addOIDCScope(
        String(details.params.scope ?? '')
          .split(' ')
          .filter((s) => ALLOWED_SCOPES.has(s)),
      );
      grant.addOIDCClaims([INTENT_CLAIM]);
      const grantId = await grant.save();
      try {
        await authoriseConsent(deps, { clientId, consentId, grantId });
      } catch (err) {
        await grant.destroy();
        throw err;
      }
      await forgetOtherCustomer(provider, details, sub);
      return finish(req, res, { login: { accountId: sub, remember: false }, consent: { grantId } });
    } catch (err) {
      if (err instanceof BankError) return refuse(req, res, err.message);
      throw err;
    }
  });

  return router;
}

/**
 * A browser signed in as another customer (a sandbox user approving consents of several
 * customers) has that sign-in ended first; otherwise the authorisation server would ask to sign
 * the other customer out instead of finishing.
 */
async function forgetOtherCustomer(provider: Provider, details: Interaction, sub: string): Promise<void> {
  if (!details.session || details.session.accountId === sub) return;
  const session = await provider.Session.findByUid(details.session.uid);
  await session?.destroy();
  delete details.session;
  await details.save(details.exp - Math.floor(Date.now() / 1000));
}
