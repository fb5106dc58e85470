import { runService } from '@vrp/runtime';
import { startGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

await runService({ name: 'gateway', loadConfig: () => loadGatewayConfig(), start: startGateway });
