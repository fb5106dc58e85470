import type { GatewayConfig } from '../config.js';
import type { SignInLimits } from '../domain/sign-in-throttle.js';
import type { SessionPolicy } from '../usecases/console-sessions.js';

/** The console's session lifetimes and sign-in limits, from the gateway's settings. */
export function sessionPolicyOf(config: GatewayConfig): SessionPolicy & { limits: SignInLimits } {
  return {
    ttlMs: config.consoleSessionTtlMs,
    idleMs: config.consoleSessionIdleMs,
    limits: {
      windowMs: config.consoleSignInWindowMs,
      backoffMs: config.consoleSignInBackoffMs,
      perAccount: config.consoleSignInPerAccount,
      perAddress: config.consoleSignInPerAddress,
    },
  };
}
