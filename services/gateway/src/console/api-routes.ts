import express, { Router, type RequestHandler, type Response } from 'express';
import { ApiError, notFound, validationError } from '@vrp/errors';
import type { ConsoleSessionRecord } from '../db/console-accounts.js';
import type { Deps } from '../deps.js';
import { createToken } from '../usecases/create-token.js';
import { revokeToken } from '../usecases/revoke-token.js';
import { csrfMatches, openSession, resumeSession, signIn } from '../usecases/console-sessions.js';
import { acceptInvitation, inviteTeammate } from '../usecases/console-team.js';
import { presentInvitation, presentSession, presentToken, presentUser } from './presenters.js';
import { clearSessionCookie, sessionSecretOf, setSessionCookie } from './session-cookie.js';
import { sessionPolicyOf } from './session-policy.js';
import { clientAddressOf } from '../middleware/forwarded-for.js';

type Body = Record<string, unknown>;

/** A required string field of a console request body, at most `max` characters. */
function field(body: Body, name: string, max: number): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw validationError(name, `${name} is required`);
  if (value.length > max) throw validationError(name, `${name} must be at most ${max} characters`);
  return value;
}

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

const sessions = new WeakMap<Response, ConsoleSessionRecord>();
const sessionOf = (res: Response): ConsoleSessionRecord => {
  const s = sessions.get(res);
  if (!s) throw new Error('console route without a session');
  return s;
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
    res.json(presentSession(o.session, env));
  };

  router.post('/session', async (req, res) => {
    const body = req.body as Body;
    const email = field(body, 'email', 254);
    const password = field(body, 'password', 1000);
    opened(
      res,
      await signIn({ accounts, hashing: deps.hashing }, { email, password, address: clientAddressOf(req), now: new Date() }, policy),
    );
  });

  router.post('/invitations/accept', async (req, res) => {
    const body = req.body as Body;
    const now = new Date();
    const user = await acceptInvitation(
      { accounts, hashing: deps.hashing },
      { secret: field(body, 'token', 100), password: field(body, 'password', 1000), now },
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
    sessions.set(res, session);
    next();
  });

  router.get('/session', (_req, res) => {
    res.json(presentSession(sessionOf(res), env));
  });

  router.delete('/session', async (_req, res) => {
    await accounts.deleteSession(sessionOf(res).tokenHash);
    clearSessionCookie(res);
    res.status(204).end();
  });

  router.get('/tokens', async (_req, res) => {
    res.json({ results: (await deps.merchants.listTokens(sessionOf(res).merchant.id)).map(presentToken) });
  });

  router.post('/tokens', async (req, res) => {
    const name = field(req.body as Body, 'name', 100).trim();
    if (!name) throw validationError('name', 'name is required');
    const created = await createToken(deps.merchants, env, sessionOf(res).merchant.id, name);
    res.status(201).json({ ...presentToken(created.token), access_token: created.accessToken });
  });

  router.post('/tokens/:id/revoke', async (req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const id = req.params.id as string;
    const token = await deps.merchants.findToken(merchantId, id);
    if (!token) throw notFound('token', id);
    if (!token.revokedAt)
      await revokeToken(deps.merchants, { tokenId: id, merchantId }).catch((err: unknown) => {
        // Revoked meanwhile by someone else: the answer below shows it revoked either way.
        if (!(err instanceof ApiError && err.code === 'not_found')) throw err;
      });
    res.json(presentToken((await deps.merchants.findToken(merchantId, id))!));
  });

  router.get('/users', async (_req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const [users, invitations] = await Promise.all([accounts.listUsers(merchantId), accounts.listOpenInvitations(merchantId, new Date())]);
    res.json({ results: users.map(presentUser), invitations: invitations.map(presentInvitation) });
  });

  router.post('/invitations', async (req, res) => {
    const session = sessionOf(res);
    const email = field(req.body as Body, 'email', 254);
    const { invitation, secret } = await inviteTeammate(accounts, {
      merchantId: session.merchant.id,
      invitedBy: session.user.id,
      email,
      now: new Date(),
    });
    const inviteUrl = `${req.protocol}://${req.get('host')}/console/accept-invite#token=${secret}`;
    res.status(201).json({ ...presentInvitation(invitation), invite_url: inviteUrl });
  });

  return router;
}
