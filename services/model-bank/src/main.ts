import { runService } from '@vrp/runtime';
import { startModelBank } from './app.js';
import { loadModelBankConfig } from './config.js';

await runService({ name: 'model-bank', loadConfig: () => loadModelBankConfig(), start: startModelBank });
