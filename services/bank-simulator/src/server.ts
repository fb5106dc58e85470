import type { ConnectRouter } from '@connectrpc/connect';
import { bank } from '@vrp/contracts';
import { registerSandboxClock, type SandboxClocks } from '@vrp/sandbox-clock';
import type { SimulatedBank } from './usecases/simulated-bank.js';
import { bankHandlers } from './handlers/bank-handlers.js';

/** Fully qualified names reported by grpc.health.v1. */
export const SERVICE_NAMES = [bank.BankService.typeName];

/** Registers the bank's handlers on the connect router. */
export function routes(sim: SimulatedBank, clocks: SandboxClocks): (router: ConnectRouter) => void {
  return (router) => {
    router.service(bank.BankService, bankHandlers(sim));
    registerSandboxClock(router, clocks);
  };
}
