import { existsSync } from 'node:fs';
import path from 'node:path';

/** One process of the platform as the local runner starts it. */
export interface ServiceProcess {
  name: string;
  dir: string;
  env: Record<string, string>;
}

const SERVICES = ['mandate', 'payment', 'refund', 'webhook', 'bank-simulator'] as const;
/** API.md "Observability": where each process serves /metrics under npm start (METRICS_PORT_BASE + offset). */
const METRICS_OFFSET: Record<string, number> = { gateway: 0, mandate: 1, payment: 2, refund: 3, webhook: 4, 'bank-simulator': 5 };
const URL_SETTING: Record<(typeof SERVICES)[number], string> = {
  mandate: 'MANDATE_SERVICE_URL',
  payment: 'PAYMENT_SERVICE_URL',
  refund: 'REFUND_SERVICE_URL',
  webhook: 'WEBHOOK_SERVICE_URL',
  'bank-simulator': 'BANK_SERVICE_URL',
};

/**
 * The processes `npm start` runs, in start order (the gateway last so its readiness means
 * everything behind it answers). Only services present in the tree are started. gRPC ports are
 * consecutive from a base, or given one by one (as the runner does when it picks free ports).
 */
export function platformProcesses(
  root: string,
  vrpEnv: string,
  grpcPorts: number | Record<string, number> = 50051,
  /** The gateway's metrics port; the others follow it. 0: every process picks a free one. */
  metricsBase = 9100,
): ServiceProcess[] {
  const metricsPort = (name: string) => String(metricsBase === 0 ? 0 : metricsBase + METRICS_OFFSET[name]!);
  const portOf = (name: (typeof SERVICES)[number], i: number) => (typeof grpcPorts === 'number' ? grpcPorts + i : grpcPorts[name]!);
  const urls: Record<string, string> = {};
  SERVICES.forEach((name, i) => (urls[URL_SETTING[name]] = `http://127.0.0.1:${portOf(name, i)}`));
  const all: ServiceProcess[] = [
    ...SERVICES.map((name, i) => ({ name, dir: `services/${name}`, env: { GRPC_PORT: String(portOf(name, i)) } })),
    { name: 'gateway', dir: 'services/gateway', env: {} },
  ];
  return all
    .filter((p) => existsSync(path.join(root, p.dir, 'src/main.ts')))
    .map((p) => ({ ...p, env: { VRP_ENV: envOf(p.name, vrpEnv), METRICS_PORT: metricsPort(p.name), ...urls, ...p.env } }));
}

/**
 * The environment a process runs in: the platform's, except the bank simulator's, which plays
 * the bank for a local production platform too and refuses to run as production itself.
 */
function envOf(name: string, vrpEnv: string): string {
  return name === 'bank-simulator' ? 'sandbox' : vrpEnv;
}
