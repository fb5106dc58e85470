import { connector, health, mandate, payment, refund, sandboxClock, schedule, webhook } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
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
  schedule: ServiceClient<typeof schedule.ScheduleService>;
  /** The bank connector (consents, payments and refunds at the customer's bank). */
  connector: ServiceClient<typeof connector.ConnectorService>;
  /** The connector's drive of the model bank in sandbox (the customer's Approve and Decline). */
  sandboxBank: ServiceClient<typeof connector.SandboxBankService>;
  /** Sets sandbox merchants' clocks on every service. */
  clocks: ClockPusher;
}

/** Hands a merchant's clock offset to every service with time rules (SetSandboxClock). */
export interface ClockPusher {
  /** Resolves once every service holds `offsetMs` (or more); 503 service_unavailable when one did not take it. */
  push(merchantId: string, offsetMs: number): Promise<void>;
  close(): void;
}

const SERVICES = {
  mandate: mandate.MandateService,
  payment: payment.PaymentService,
  refund: refund.RefundService,
  webhook: webhook.WebhookService,
  connector: connector.ConnectorService,
  schedule: schedule.ScheduleService,
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
  const clockClients = new Map(
    CLOCK_STAGES.flat().map((name) => [
      name,
      createServiceClient(sandboxClock.SandboxClockService, { baseUrl: config.serviceUrls[name], timeoutMs: config.grpcTimeoutMs }),
    ]),
  );
  return {
    mandate: make('mandate'),
    payment: make('payment'),
    refund: make('refund'),
    webhook: make('webhook'),
    connector: make('connector'),
    schedule: make('schedule'),
    sandboxBank: createServiceClient(connector.SandboxBankService, {
      baseUrl: config.serviceUrls.connector,
      // It walks the model bank's pages and completes the authorisation: longer than one call.
      timeoutMs: Math.max(config.grpcTimeoutMs, 15_000),
    }),
    clocks: {
      async push(merchantId, offsetMs) {
        const failed: { service: DownstreamService; err: unknown }[] = [];
        for (const stage of CLOCK_STAGES) {
          const pushed = await Promise.allSettled(
            stage.map((name) => clockClients.get(name)!.setSandboxClock({ merchantId, offsetMs: BigInt(offsetMs) })),
          );
          pushed.forEach((p, i) => p.status === 'rejected' && failed.push({ service: stage[i]!, err: p.reason }));
          if (failed.length) break;
        }
        if (!failed.length) return;
        logger.warn('sandbox clock not set on every service', {
          merchant_id: merchantId,
          failed: failed.map((f) => f.service),
          err: failed[0]!.err,
        });
        throw new ApiError(
          'service_unavailable',
          `The clock could not be moved in ${failed.map((f) => f.service).join(', ')}; repeat the advance.`,
        );
      },
      close: () => clockClients.forEach((c) => c.close()),
    },
  };
}

/**
 * Every service with time rules of its own takes the clock, the platform's before the bank: an
 * advance makes the bank settle what fell due at once, and the services must date its reports
 * on the new clock.
 */
const CLOCK_STAGES: readonly (readonly DownstreamService[])[] = [
  ['mandate', 'payment', 'refund', 'webhook'],
  // The scheduler collects what the advance made due at once: the payment service must date those payments on the new clock.
  ['schedule'],
  ['connector'],
];

/** grpc.health.v1 clients for the services readiness checks. */
export function createHealthClients(config: GatewayConfig): Map<DownstreamService, ServiceClient<typeof health.Health>> {
  return new Map(
    config.readinessServices.map((name) => [
      name,
      createServiceClient(health.Health, { baseUrl: config.serviceUrls[name], timeoutMs: 1000, volumeThreshold: 1_000_000 }),
    ]),
  );
}
