import type { ConnectRouter } from '@connectrpc/connect';
import { connector } from '@vrp/contracts';
import { registerSandboxClock, SANDBOX_CLOCK_SERVICE } from '@vrp/sandbox-clock';
import type { Deps } from './deps.js';
import { connectorHandlers } from './handlers/connector-handlers.js';
import { sandboxBankHandlers } from './handlers/sandbox-bank-handlers.js';

/** Fully qualified names of the services served, as grpc.health.v1 reports them (the sandbox bank only in sandbox). */
export function serviceNames(sandbox: boolean): string[] {
  return [connector.ConnectorService.typeName, SANDBOX_CLOCK_SERVICE, ...(sandbox ? [connector.SandboxBankService.typeName] : [])];
}

/** Registers the connector's services on a connect router; SandboxBankService only in sandbox. */
export function routes(
  deps: Deps,
  sandbox: { browserFetch: (url: string, init?: RequestInit) => Promise<Response> } | undefined,
): (router: ConnectRouter) => void {
  return (router) => {
    router.service(connector.ConnectorService, connectorHandlers(deps));
    registerSandboxClock(router, deps.clocks);
    if (sandbox) router.service(connector.SandboxBankService, sandboxBankHandlers(deps, sandbox.browserFetch));
  };
}
