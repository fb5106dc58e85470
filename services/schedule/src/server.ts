import type { ConnectRouter } from '@connectrpc/connect';
import { schedule as pb } from '@vrp/contracts';
import { registerSandboxClock } from '@vrp/sandbox-clock';
import type { Deps } from './deps.js';
import { scheduleHandlers } from './handlers/schedule-handlers.js';

/** Fully qualified names the health service reports. */
export const SERVICE_NAMES = [pb.ScheduleService.typeName];

/** Registers ScheduleService (and the sandbox clock every service with time rules takes) on a connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => {
    router.service(pb.ScheduleService, scheduleHandlers(deps));
    registerSandboxClock(router, deps.clocks);
  };
}
