import express, { Router, type RequestHandler, type Response } from 'express';
import { ApiError, notFound, validationError } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { createToken } from '../usecases/create-token.js';
import { revokeToken } from '../usecases/revoke-token.js';
import { csrfMatches, openSession, resumeSession, signIn } from '../usecases/console-sessions.js';
import { acceptInvitation } from '../usecases/console-team.js';
import { checkSessionMay, mustSetUpTwoFactor } from './access.js';
import { registerAccountRoutes } from './account-routes.js';
import { registerAuditRoutes } from './audit-routes.js';
import { actingOf, field, optionalField, sessionOf, setConsoleSession, whereFrom, type Body } from './console-request.js';
import { presentSession, presentToken } from './presenters.js';
import { clearSessionCookie, sessionSecretOf, setSessionCookie } from './session-cookie.js';
import { sessionPolicyOf } from './session-policy.js';
import { registerTeamRoutes } from './team-routes.js';
import { clientAddressOf } from '../middleware/forwarded-for.js';
import type { Permission } from '../domain/roles.js';

const parseJson = express.json({ limit: '10kb', strict: true, type: () => true });

/**
 * Console requests that change something must be same-origin JSON: a cross-site form cannot send
 * `application/json` without a CORS preflight this server never grants, and a browser's Origin
 * header, when sent, must name this host.
 */
const sameOriginJson: RequestHandler = (req, res, next) => {
  res.set('Cache-Control', 'no-store');
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const origin = req.get('origin');
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== req.get('host')) throw new ApiError('csrf_token_invalid', 'Console requests must come from the console itself.');
  }
  if (req.method === 'DELETE') return next();
  if (!req.is('application/json')) throw validationError('body', 'Send a JSON body with Content-Type: application/json');
  parseJson(req, res, (err?: unknown) => {
    if (err) return next(validationError('body', 'The request body is not valid JSON'));
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))
      return next(validationError('body', 'The request body must be a JSON object'));
    next();
  });
};

/**
 * The console's own routes under /console/api: sign-in and session, API tokens, the team.
 * Everything else the console does goes through the public /v1 API with the same session.
 */
export function consoleApiRouter(deps: Deps): Router {
  const policy = sessionPolicyOf(deps.config);
  const accounts = deps.consoleAccounts;
  const env = deps.config.env;
  const router = Router();
  router.use(sameOriginJson);

  const opened = (res: Response, o: Awaited<ReturnType<typeof openSession>>) => {
    setSessionCookie(res, o.secret, o.session.expiresAt);
    res.json(presentSession(o.session, env, mustSetUpTwoFactor(o.session, deps.config)));
  };
  /** Lets the request through when the session's user may do what needs `permission` (403 otherwise). */
  const may =
    (permission: Permission): RequestHandler =>
    (_req, res, next) => {
      checkSessionMay(sessionOf(res), permission, deps.config);
      next();
    };
  const auditCtx = { accounts, hashing: deps.hashing, credentials: deps.consoleCredentials, sealer: deps.sealer, audit: deps.audit };

  router.post('/session', async (req, res) => {
    const body = req.body as Body;
    const email = field(body, 'email', 254);
    const password = field(body, 'password', 1000);
    const code = optionalField(body, 'code', 20);
    const recoveryCode = optionalField(body, 'recovery_code', 40);
    const signedIn = await signIn(
      auditCtx,
      {
        email,
        password,
        address: clientAddressOf(req),
        now: new Date(),
        ...(code ? { code } : {}),
        ...(recoveryCode ? { recoveryCode } : {}),
      },
      policy,
    );
    const { user, merchant } = signedIn.session;
    await deps.audit.record({
      merchantId: merchant.id,
      actor: { type: 'user', id: user.id, email: user.email },
      ...whereFrom(req),
      action: 'session.signed_in',
      target: { type: 'user', id: user.id },
      details: { factor: signedIn.factor },
    });
    opened(res, signedIn);
  });

  router.post('/invitations/accept', async (req, res) => {
    const body = req.body as Body;
    const now = new Date();
    const user = await acceptInvitation(
      { accounts, hashing: deps.hashing, audit: deps.audit },
      { secret: field(body, 'token', 100), code: field(body, 'code', 20), password: field(body, 'password', 1000), now, ...whereFrom(req) },
    );
    opened(res, await openSession(accounts, user.id, now, policy));
  });

  // Everything below needs a live session, and its changes the session's CSRF token.
  router.use(async (req, res, next) => {
    const secret = sessionSecretOf(req);
    const session = secret ? await resumeSession(accounts, secret, new Date(), policy) : null;
    if (!session) throw new ApiError('authentication_required', 'Sign in to the console.');
    if (req.method !== 'GET' && req.method !== 'HEAD' && !csrfMatches(session, req.get('x-csrf-token'))) {
      throw new ApiError('csrf_token_invalid', "Send the session's X-CSRF-Token header with every change.");
    }
    setConsoleSession(res, session);
    next();
  });

  router.get('/session', (_req, res) => {
    const session = sessionOf(res);
    res.json(presentSession(session, env, mustSetUpTwoFactor(session, deps.config)));
  });

  router.delete('/session', async (req, res) => {
    await accounts.deleteSession(sessionOf(res).tokenHash);
    await deps.audit.record({ merchantId: sessionOf(res).merchant.id, ...actingOf(req, res), action: 'session.signed_out' });
    clearSessionCookie(res);
    res.status(204).end();
  });

  // The signed-in user's own account: open to every role, and to an owner who must still set up two-factor sign-in.
  registerAccountRoutes(router, deps);

  router.get('/tokens', may('read'), async (_req, res) => {
    res.json({ results: (await deps.merchants.listTokens(sessionOf(res).merchant.id)).map(presentToken) });
  });

  router.post('/tokens', may('integrate'), async (req, res) => {
    const session = sessionOf(res);
    const name = field(req.body as Body, 'name', 100).trim();
    if (!name) throw validationError('name', 'name is required');
    // A live token moves real money: whoever creates one has proved a second factor.
    if (env === 'production' && !session.user.twoFactor)
      throw new ApiError('two_factor_setup_required', 'Set up two-factor sign-in (Account) before creating a live API token.');
    const created = await createToken(deps.merchants, env, session.merchant.id, name);
    await deps.audit.record({
      merchantId: session.merchant.id,
      ...actingOf(req, res),
      action: 'token.created',
      target: { type: 'token', id: created.tokenId },
      details: { name },
    });
    res.status(201).json({ ...presentToken(created.token), access_token: created.accessToken });
  });

  router.post('/tokens/:id/revoke', may('integrate'), async (req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const id = req.params.id as string;
    const token = await deps.merchants.findToken(merchantId, id);
    if (!token) throw notFound('token', id);
    if (!token.revokedAt) {
      const revoked = await revokeToken(deps.merchants, { tokenId: id, merchantId }).then(
        () => true,
        (err: unknown) => {
          // Revoked meanwhile by someone else: the answer below shows it revoked either way.
          if (!(err instanceof ApiError && err.code === 'not_found')) throw err;
          return false;
        },
      );
      if (revoked)
        await deps.audit.record({
          merchantId,
          ...actingOf(req, res),
          action: 'token.revoked',
          target: { type: 'token', id },
          details: { name: token.name },
        });
    }
    res.json(presentToken((await deps.merchants.findToken(merchantId, id))!));
  });

  registerTeamRoutes(router, deps, may);
  registerAuditRoutes(router, deps, may);

  return router;
}
