import { runService } from '@vrp/runtime';
import { startPaymentService } from './app.js';
import { loadPaymentConfig } from './config.js';

await runService({ name: 'payment', loadConfig: () => loadPaymentConfig(), start: startPaymentService });
