import type { Router } from 'express';
import type { Deps } from '../deps.js';
import {
  beginTwoFactorSetup,
  changePassword,
  confirmTwoFactorSetup,
  disableTwoFactor,
  signOutEverywhere,
} from '../usecases/console-account.js';
import { clearSessionCookie } from './session-cookie.js';
import { field, optionalField, sessionOf, whereFrom, type Body } from './console-request.js';

/**
 * The signed-in user's own account, whatever their role: change the password, sign out
 * everywhere, set up or turn off two-factor sign-in (TOTP with recovery codes).
 */
export function registerAccountRoutes(router: Router, deps: Deps): void {
  const ctx = {
    accounts: deps.consoleAccounts,
    credentials: deps.consoleCredentials,
    hashing: deps.hashing,
    sealer: deps.sealer,
    audit: deps.audit,
  };

  router.get('/account', async (_req, res) => {
    const { user } = sessionOf(res);
    res.json({
      id: user.id,
      email: user.email,
      role: user.role,
      two_factor: user.twoFactor,
      recovery_codes_left: user.twoFactor ? await deps.consoleCredentials.recoveryCodesLeft(user.id) : 0,
    });
  });

  router.post('/account/password', async (req, res) => {
    const body = req.body as Body;
    await changePassword(
      ctx,
      sessionOf(res),
      { current: field(body, 'current_password', 1000), next: field(body, 'new_password', 1000) },
      whereFrom(req),
    );
    res.status(204).end();
  });

  router.post('/account/sign-out-everywhere', async (req, res) => {
    await signOutEverywhere(ctx, sessionOf(res), whereFrom(req));
    clearSessionCookie(res);
    res.status(204).end();
  });

  router.post('/account/two-factor/setup', async (_req, res) => {
    const { secret, uri } = await beginTwoFactorSetup(ctx, sessionOf(res));
    res.json({ secret, otpauth_uri: uri });
  });

  router.post('/account/two-factor/confirm', async (req, res) => {
    const { recoveryCodes } = await confirmTwoFactorSetup(
      ctx,
      sessionOf(res),
      field(req.body as Body, 'code', 20),
      new Date(),
      whereFrom(req),
    );
    res.json({ two_factor: true, recovery_codes: recoveryCodes });
  });

  router.post('/account/two-factor/disable', async (req, res) => {
    const body = req.body as Body;
    const session = sessionOf(res);
    const code = optionalField(body, 'code', 20);
    const recoveryCode = optionalField(body, 'recovery_code', 40);
    // Owners who must have it keep it.
    const required = deps.config.consoleOwnerTwoFactor && session.user.role === 'owner';
    await disableTwoFactor(
      ctx,
      session,
      { ...(code ? { code } : {}), ...(recoveryCode ? { recoveryCode } : {}) },
      required,
      new Date(),
      whereFrom(req),
    );
    res.json({ two_factor: false });
  });
}
