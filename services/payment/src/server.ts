import type { ConnectRouter } from '@connectrpc/connect';
import { payment } from '@vrp/contracts';
import { registerSandboxClock } from '@vrp/sandbox-clock';
import { paymentHandlers } from './handlers/payment-handlers.js';
import type { Deps } from './deps.js';

/** Fully qualified names reported by grpc.health.v1. */
export const SERVICE_NAMES = [payment.PaymentService.typeName];

/** Registers the payment service's handlers on the connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => {
    router.service(payment.PaymentService, paymentHandlers(deps));
    registerSandboxClock(router, deps.clocks);
  };
}
