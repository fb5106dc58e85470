import { runService } from '@vrp/runtime';
import { startScheduleService } from './app.js';
import { loadScheduleConfig } from './config.js';

await runService({ name: 'schedule', loadConfig: () => loadScheduleConfig(), start: startScheduleService });
