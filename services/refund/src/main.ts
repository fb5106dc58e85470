import { runService } from '@vrp/runtime';
import { startRefundService } from './app.js';
import { loadRefundConfig } from './config.js';

await runService({ name: 'refund', loadConfig: () => loadRefundConfig(), start: startRefundService });
