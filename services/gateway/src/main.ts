import { createLogger } from '@vrp/logging';
import { startGateway } from './app.js';
import { ConfigError } from '@vrp/config';
import { loadGatewayConfig, type GatewayConfig } from './config.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const logger = createLogger('gateway', { level: config.logLevel });
const gateway = await startGateway(config, { logger });

let signalled = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    logger.info('shutting down', { signal });
    gateway.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  });
}
