import { runService } from '@vrp/runtime';
import { startBankSimulator } from './app.js';
import { loadBankSimulatorConfig } from './config.js';

await runService({ name: 'bank-simulator', loadConfig: () => loadBankSimulatorConfig(), start: startBankSimulator });
