import { runService } from '@vrp/runtime';
import { startMandateService } from './app.js';
import { loadMandateConfig } from './config.js';

await runService({ name: 'mandate', loadConfig: () => loadMandateConfig(), start: startMandateService });
