import { existsSync } from 'node:fs';
import path from 'node:path';

/** One process of the platform as the local runner starts it. */
export interface ServiceProcess {
  name: string;
  dir: string;
  env: Record<string, string>;
}

const URLS = {
  MANDATE_SERVICE_URL: 'http://127.0.0.1:50051',
  PAYMENT_SERVICE_URL: 'http://127.0.0.1:50052',
  REFUND_SERVICE_URL: 'http://127.0.0.1:50053',
  WEBHOOK_SERVICE_URL: 'http://127.0.0.1:50054',
  BANK_SERVICE_URL: 'http://127.0.0.1:50055',
};

/**
 * The processes `npm start` runs, in start order (the gateway last so its readiness means
 * everything behind it answers). Only services present in the tree are started.
 */
export function platformProcesses(root: string, vrpEnv: string): ServiceProcess[] {
  const all: ServiceProcess[] = [
    { name: 'mandate', dir: 'services/mandate', env: { GRPC_PORT: '50051' } },
    { name: 'payment', dir: 'services/payment', env: { GRPC_PORT: '50052' } },
    { name: 'refund', dir: 'services/refund', env: { GRPC_PORT: '50053' } },
    { name: 'webhook', dir: 'services/webhook', env: { GRPC_PORT: '50054' } },
    { name: 'bank-simulator', dir: 'services/bank-simulator', env: { GRPC_PORT: '50055' } },
    { name: 'gateway', dir: 'services/gateway', env: {} },
  ];
  return all
    .filter((p) => existsSync(path.join(root, p.dir, 'src/main.ts')))
    .map((p) => ({ ...p, env: { VRP_ENV: vrpEnv, ...URLS, ...p.env } }));
}
