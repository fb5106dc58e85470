import type { ConnectRouter } from '@connectrpc/connect';
import { payment } from '@vrp/contracts';
import { paymentHandlers } from './handlers/payment-handlers.js';
import type { PaymentContext } from './usecases/context.js';

/** Fully qualified names reported by grpc.health.v1. */
export const SERVICE_NAMES = [payment.PaymentService.typeName];

/** Registers the payment service's handlers on the connect router. */
export function routes(ctx: PaymentContext): (router: ConnectRouter) => void {
  return (router) => {
    router.service(payment.PaymentService, paymentHandlers(ctx));
  };
}
