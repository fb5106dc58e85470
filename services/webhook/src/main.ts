import { runService } from '@vrp/grpc';
import { startWebhookService } from './app.js';
import { loadWebhookConfig } from './config.js';

await runService({ name: 'webhook', loadConfig: () => loadWebhookConfig(), start: startWebhookService });
