import { createLogger } from '@vrp/logging';
import { startMandateService } from './app.js';
import { loadMandateConfig } from './config.js';

const config = loadMandateConfig();
const logger = createLogger('mandate', { level: config.logLevel });
const started = startMandateService(config, { logger });

// Installed before boot finishes, so a signal during startup still shuts down in order.
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  try {
    await (await started).stop();
    process.exit(0);
  } catch (err) {
    logger.error('shutdown failed', { err });
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  const service = await started;
  logger.info('mandate service started', { port: service.port, env: config.env });
} catch (err) {
  logger.error('mandate service failed to start', { err });
  process.exit(1);
}
