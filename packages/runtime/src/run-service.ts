import { ConfigError } from '@vrp/config';
import { createLogger, type LogLevel, type Logger } from '@vrp/logging';
import { startTracing } from '@vrp/tracing';

/** What a service's start function returns. */
export interface RunningService {
  port?: number;
  stop(): Promise<void>;
}

export interface RunServiceOptions<C extends { logLevel: LogLevel }> {
  /** Service name, for logs. */
  name: string;
  /** Reads and validates the settings; a ConfigError is printed as one line per problem. */
  loadConfig: () => C;
  start: (config: C, options: { logger: Logger }) => Promise<RunningService>;
  /** Where fatal boot problems are written; stderr by default. */
  writeError?: (text: string) => void;
  exit?: (code: number) => void;
}

/**
 * The whole life of a service process, the same for every service: load config (exit 1 with a
 * clear message when it is invalid), start tracing (see @vrp/tracing), start, then on SIGTERM/SIGINT stop in order and exit 0.
 * A signal during startup is honoured once startup finishes; a second signal while stopping
 * exits at once with code 1.
 */
export async function runService<C extends { logLevel: LogLevel }>(options: RunServiceOptions<C>): Promise<void> {
  const writeError = options.writeError ?? ((text: string) => process.stderr.write(`${text}\n`));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let config: C;
  try {
    config = options.loadConfig();
  } catch (err) {
    writeError(err instanceof ConfigError ? `${options.name}: ${err.message}` : `${options.name}: ${String((err as Error)?.stack ?? err)}`);
    return exit(1);
  }
  const logger = createLogger(options.name, { level: config.logLevel });
  const tracing = startTracing({ service: options.name });
  const started = options.start(config, { logger });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal while stopping; exiting now', { signal });
      return exit(1);
    }
    stopping = true;
    logger.info('shutting down', { signal });
    try {
      await (await started).stop();
      await tracing.shutdown();
      logger.info('stopped');
      exit(0);
    } catch (err) {
      logger.error('shutdown failed', { err });
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    const service = await started;
    logger.info(`${options.name} service started`, { port: service.port, node: process.version, traces: tracing.exports });
  } catch (err) {
    logger.error(`${options.name} service failed to start`, { err });
    exit(1);
  }
}
