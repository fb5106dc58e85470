import { runService } from '@vrp/runtime';
import { startWebhookService } from './app.js';
import { loadWebhookConfig } from './config.js';

await runService({ name: 'webhook', loadConfig: () => loadWebhookConfig(), start: startWebhookService });
