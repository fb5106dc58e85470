import { runService } from '@vrp/grpc';
import { startBankSimulator } from './app.js';
import { loadBankSimulatorConfig } from './config.js';

await runService({ name: 'bank-simulator', loadConfig: () => loadBankSimulatorConfig(), start: startBankSimulator });
