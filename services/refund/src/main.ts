import { createLogger } from '@vrp/logging';
import { startRefundService } from './app.js';
import { loadRefundConfig } from './config.js';

const config = loadRefundConfig();
const logger = createLogger('refund', { level: config.logLevel });
const service = await startRefundService(config, { logger });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  try {
    await service.stop();
    process.exit(0);
  } catch (err) {
    logger.error('shutdown failed', { err });
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
