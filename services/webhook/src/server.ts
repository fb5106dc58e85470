import type { ConnectRouter } from '@connectrpc/connect';
import { webhook } from '@vrp/contracts';
import { registerSandboxClock } from '@vrp/sandbox-clock';
import type { Deps } from './deps.js';
import { webhookHandlers } from './handlers/webhook-handlers.js';

/** Fully qualified names reported by grpc.health.v1. */
export const SERVICE_NAMES = [webhook.WebhookService.typeName];

/** Registers the webhook service's handlers on the connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => {
    router.service(webhook.WebhookService, webhookHandlers(deps));
    registerSandboxClock(router, deps.clocks);
  };
}
