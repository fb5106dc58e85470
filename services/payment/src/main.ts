import { createLogger } from '@vrp/logging';
import { startPaymentService } from './app.js';
import { loadPaymentConfig } from './config.js';

const config = loadPaymentConfig();
const logger = createLogger('payment', { level: config.logLevel });
const service = await startPaymentService(config, { logger });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info('shutting down', { signal });
    service.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  });
}
