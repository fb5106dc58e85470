import { runService } from '@vrp/grpc';
import { startPaymentService } from './app.js';
import { loadPaymentConfig } from './config.js';

await runService({ name: 'payment', loadConfig: () => loadPaymentConfig(), start: startPaymentService });
