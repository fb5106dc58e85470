import type { ConnectRouter, ServiceImpl } from '@connectrpc/connect';
import { sandboxClock } from '@vrp/contracts';
import type { SandboxClocks } from './sandbox-clocks.js';

/** Fully qualified name of the service, for grpc.health.v1. */
export const SANDBOX_CLOCK_SERVICE = sandboxClock.SandboxClockService.typeName;

/** SandboxClockService over a service's clocks. */
export function sandboxClockHandlers(clocks: SandboxClocks): ServiceImpl<typeof sandboxClock.SandboxClockService> {
  return {
    async setSandboxClock(req) {
      return { offsetMs: BigInt(await clocks.set(req.merchantId, req.offsetMs)) };
    },
  };
}

/** Registers SandboxClockService on a service's router, beside its own service. */
export function registerSandboxClock(router: ConnectRouter, clocks: SandboxClocks): void {
  router.service(sandboxClock.SandboxClockService, sandboxClockHandlers(clocks));
}
