import type { ConnectRouter } from '@connectrpc/connect';
import { mandate as pb } from '@vrp/contracts';
import { registerSandboxClock } from '@vrp/sandbox-clock';
import { customerHandlers } from './handlers/customers.js';
import { mandateHandlers } from './handlers/mandates.js';
import { mandateRequestHandlers } from './handlers/mandate-requests.js';
import type { Deps } from './deps.js';

/** Fully qualified names of the services served, as grpc.health.v1 reports them. */
export const SERVICE_NAMES = [pb.MandateService.typeName];

/** Registers MandateService on a connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => {
    router.service(pb.MandateService, { ...customerHandlers(deps), ...mandateHandlers(deps), ...mandateRequestHandlers(deps) });
    registerSandboxClock(router, deps.clocks);
  };
}
