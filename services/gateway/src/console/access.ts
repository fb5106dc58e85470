import { ApiError } from '@vrp/errors';
import type { GatewayConfig } from '../config.js';
import type { ConsoleSessionRecord } from '../db/console-accounts.js';
import { allows, type Permission } from '../domain/roles.js';

/** Whether this user must set up two-factor sign-in before doing anything else (owners, where CONSOLE_OWNER_TWO_FACTOR). */
export function mustSetUpTwoFactor(session: ConsoleSessionRecord, config: Pick<GatewayConfig, 'consoleOwnerTwoFactor'>): boolean {
  return config.consoleOwnerTwoFactor && session.user.role === 'owner' && !session.user.twoFactor;
}

/**
 * Throws unless the session's user may do what needs `permission`: 403 forbidden for their role,
 * 403 two_factor_setup_required for an owner who must first set up two-factor sign-in.
 */
export function checkSessionMay(
  session: ConsoleSessionRecord,
  permission: Permission,
  config: Pick<GatewayConfig, 'consoleOwnerTwoFactor'>,
): void {
  if (mustSetUpTwoFactor(session, config))
    throw new ApiError(
      'two_factor_setup_required',
      'Owners must set up two-factor sign-in first: open Account, then "Set up two-factor sign-in".',
    );
  if (!allows(session.user.role, permission))
    throw new ApiError('forbidden', `Your role (${session.user.role}) does not allow this; ask an owner of your team.`);
}
