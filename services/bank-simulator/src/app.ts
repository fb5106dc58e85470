import { startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { SimulatedBank } from './bank/simulated-bank.js';
import { CallbackQueue } from './callbacks/callback-queue.js';
import { createPlatformReporter } from './callbacks/platform-reporter.js';
import type { BankSimulatorConfig } from './config.js';
import { routes, SERVICE_NAMES } from './server.js';

/** A running bank simulator. */
export interface BankSimulator {
  readonly port: number;
  /** Callbacks not yet delivered (tests wait for 0). */
  pendingCallbacks(): number;
  stop(): Promise<void>;
}

/**
 * Starts the simulated bank's gRPC server. `stop()` stops accepting and waits for in-flight
 * calls, cancels pending settlements, stops retrying callbacks and closes the callback clients.
 */
export async function startBankSimulator(config: BankSimulatorConfig, options: { logger?: Logger } = {}): Promise<BankSimulator> {
  const logger = options.logger ?? createLogger('bank-simulator', { level: config.logLevel });
  const reporter = createPlatformReporter(config);
  const queue = new CallbackQueue(logger, { initialMs: 100, maxMs: config.callbackMaxBackoffMs });
  const sim = new SimulatedBank(reporter, queue, { settlementDelayMs: config.settlementDelayMs, autoSettle: config.autoSettle });
  const server = await startGrpcServer({ routes: routes(sim), serviceNames: SERVICE_NAMES, port: config.grpcPort, host: config.grpcHost, logger });
  let stopping: Promise<void> | undefined;
  return {
    port: server.port,
    pendingCallbacks: () => queue.pending,
    stop() {
      stopping ??= (async () => {
        await server.close();
        sim.stop();
        await queue.stop();
        reporter.close();
        logger.info('bank simulator stopped');
      })();
      return stopping;
    },
  };
}
