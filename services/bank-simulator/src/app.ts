import { startGrpcServer } from '@vrp/grpc';
import { startMetrics } from '@vrp/metrics';
import { createLogger, type Logger } from '@vrp/logging';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { SimulatedBank } from './usecases/simulated-bank.js';
import { CallbackQueue } from './jobs/callback-queue.js';
import { createPlatformReporter } from './clients/platform-reporter.js';
import type { BankSimulatorConfig } from './config.js';
import { routes, SERVICE_NAMES } from './server.js';

/** A running bank simulator. */
export type BankSimulator = Started<{
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
  /** Callbacks not yet delivered (tests wait for 0). */
  pendingCallbacks(): number;
}>;

/**
 * Starts the simulated bank's gRPC server. stop() closes it in reverse: the server stops
 * accepting and waits for in-flight calls, pending settlements are cancelled, callbacks stop
 * being retried and the callback clients close. A failed start closes whatever it had started.
 */
export function startBankSimulator(config: BankSimulatorConfig, options: { logger?: Logger } = {}): Promise<BankSimulator> {
  const logger = options.logger ?? createLogger('bank-simulator', { level: config.logLevel });
  return startUp('bank simulator', logger, async (resources) => {
    const reporter = resources.add('platform clients', createPlatformReporter(config), (r) => r.close());
    const queue = resources.add('callback queue', new CallbackQueue(logger, { initialMs: 100, maxMs: config.callbackMaxBackoffMs }), (q) =>
      q.stop(),
    );
    // Kept in memory like the rest of the simulated bank's state; the gateway sets them again on each advance.
    const clocks = new SandboxClocks({ enabled: config.vrpEnv === 'sandbox' });
    const sim = resources.add(
      'settlements',
      new SimulatedBank(
        { logger, reporter, callbacks: queue },
        { settlementDelayMs: config.settlementDelayMs, settlementRunMs: config.settlementRunMs, autoSettle: config.autoSettle, clocks },
      ),
      (b) => b.stop(),
    );
    clocks.onAdvance((merchantId) => sim.clockAdvanced(merchantId));
    const { metrics, server: metricsServer } = await startMetrics('bank-simulator', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    metrics.gaugeOnScrape('vrp_bank_pending_callbacks', 'Decisions waiting to be reported to the platform.', [], async () => [
      { value: queue.pending },
    ]);
    const server = await startGrpcServer({
      metrics,
      routes: routes(sim, clocks),
      serviceNames: SERVICE_NAMES,
      port: config.grpcPort,
      host: config.grpcHost,
      logger,
    });
    resources.add('gRPC server', server, (s) => s.close());
    return { port: server.port, metricsPort: metricsServer.port, pendingCallbacks: () => queue.pending };
  });
}
