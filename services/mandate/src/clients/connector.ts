import { connector } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';

/** The bank connector, which stages, confirms and deletes consents at the customer's bank. */
export type Connector = ServiceClient<typeof connector.ConnectorService>;

/** A client of the bank connector at `baseUrl`, through a breaker that tries again after a second. */
export function connectorClient(options: {
  baseUrl: string;
  timeoutMs?: number;
  onBreakerStateChange?: (state: string) => void;
}): Connector {
  return createServiceClient(connector.ConnectorService, { resetTimeoutMs: 1000, ...options });
}

/** The model bank's sandbox controls, reached through the connector: the customer approves a consent. */
export type SandboxBank = ServiceClient<typeof connector.SandboxBankService>;

/** A client of the connector's SandboxBankService at `baseUrl` (sandbox only). */
export function sandboxBankClient(options: { baseUrl: string; timeoutMs?: number }): SandboxBank {
  return createServiceClient(connector.SandboxBankService, { resetTimeoutMs: 1000, ...options });
}
