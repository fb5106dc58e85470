import { createLogger } from '@vrp/logging';
import { startBankSimulator } from './app.js';
import { loadBankSimulatorConfig } from './config.js';

const config = loadBankSimulatorConfig();
const logger = createLogger('bank-simulator', { level: config.logLevel });
const service = await startBankSimulator(config, { logger });

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
