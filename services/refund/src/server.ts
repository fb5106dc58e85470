import type { ConnectRouter } from '@connectrpc/connect';
import { refund } from '@vrp/contracts';
import { registerSandboxClock } from '@vrp/sandbox-clock';
import { refundHandlers } from './handlers/refund-handlers.js';
import type { Deps } from './deps.js';

/** Fully qualified names the health service reports. */
export const SERVICE_NAMES = [refund.RefundService.typeName];

/** Registers the refund service's handlers on a connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => {
    router.service(refund.RefundService, refundHandlers(deps));
    registerSandboxClock(router, deps.clocks);
  };
}
