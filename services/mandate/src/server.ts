import type { ConnectRouter } from '@connectrpc/connect';
import { mandate as pb } from '@vrp/contracts';
import { customerHandlers } from './handlers/customers.js';
import { mandateHandlers } from './handlers/mandates.js';
import type { MandateDeps } from './usecases/deps.js';

/** Fully qualified name of the service, as grpc.health.v1 reports it. */
export const MANDATE_SERVICE_NAME = pb.MandateService.typeName;

/** Registers MandateService on a connect router. */
export function routes(deps: MandateDeps): (router: ConnectRouter) => void {
  return (router) => router.service(pb.MandateService, { ...customerHandlers(deps), ...mandateHandlers(deps) });
}
