import { ConfigError } from '@vrp/config';
import { startWebhookService } from './app.js';
import { loadWebhookConfig } from './config.js';

try {
  const config = loadWebhookConfig(process.env);
  const service = await startWebhookService(config);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      service.stop().then(
        () => process.exit(0),
        (err) => {
          console.error('webhook service did not stop cleanly', err);
          process.exit(1);
        },
      );
    });
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
