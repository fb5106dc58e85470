import { bank, health, mandate, payment, refund, webhook } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';
import type { DownstreamService, GatewayConfig } from './config.js';

/** One typed gRPC client per downstream service; calls reject with ApiError. */
export interface GatewayClients {
  mandate: ServiceClient<typeof mandate.MandateService>;
  payment: ServiceClient<typeof payment.PaymentService>;
  refund: ServiceClient<typeof refund.RefundService>;
  webhook: ServiceClient<typeof webhook.WebhookService>;
  bank: ServiceClient<typeof bank.BankService>;
}

const SERVICES = {
  mandate: mandate.MandateService,
  payment: payment.PaymentService,
  refund: refund.RefundService,
  webhook: webhook.WebhookService,
  bank: bank.BankService,
} as const;

/** Clients for every downstream service from the configured URLs (connections open lazily). */
export function createGatewayClients(config: GatewayConfig, logger: Logger, metrics?: Metrics): GatewayClients {
  const make = <S extends DownstreamService>(name: S) =>
    createServiceClient(SERVICES[name], {
      baseUrl: config.serviceUrls[name],
      timeoutMs: config.grpcTimeoutMs,
      onBreakerStateChange: (state) => {
        metrics?.breakerChanged(name, state);
        logger.warn('circuit breaker state changed', { service: name, state });
      },
    });
  return { mandate: make('mandate'), payment: make('payment'), refund: make('refund'), webhook: make('webhook'), bank: make('bank') };
}

/** grpc.health.v1 clients for the services readiness checks. */
export function createHealthClients(config: GatewayConfig): Map<DownstreamService, ServiceClient<typeof health.Health>> {
  return new Map(
    config.readinessServices.map((name) => [
      name,
      createServiceClient(health.Health, { baseUrl: config.serviceUrls[name], timeoutMs: 1000, volumeThreshold: 1_000_000 }),
    ]),
  );
}
