import { runService } from '@vrp/runtime';
import { startBankConnectorService } from './app.js';
import { loadBankConnectorConfig } from './config.js';

await runService({ name: 'bank-connector', loadConfig: () => loadBankConnectorConfig(), start: startBankConnectorService });
