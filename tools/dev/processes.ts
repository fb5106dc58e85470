import { existsSync } from 'node:fs';
import path from 'node:path';

/** One process of the platform as the local runner starts it. */
export interface ServiceProcess {
  name: string;
  dir: string;
  env: Record<string, string>;
}

/** The gRPC services, in start order (ports from the base: 50051 mandate … 50054 webhook, 50056 bank-connector, 50057 schedule). */
const SERVICES = ['mandate', 'payment', 'refund', 'webhook', 'bank-connector', 'schedule'] as const;
type GrpcService = (typeof SERVICES)[number];
/**
 * Each service's gRPC port is the base plus its offset: the chart's ports. 50055 is left free (it
 * was the retired bank simulator's); a service added later (tools/scaffold) takes the next after
 * the bank connector's.
 */
const GRPC_OFFSET: Record<string, number> = { mandate: 0, payment: 1, refund: 2, webhook: 3, 'bank-connector': 5 };
const grpcOffset = (name: GrpcService) => GRPC_OFFSET[name] ?? SERVICES.indexOf(name) + 1;
/** Where each process serves /metrics under npm start (METRICS_PORT_BASE + offset). */
const METRICS_OFFSET: Record<string, number> = {
  gateway: 0,
  mandate: 1,
  payment: 2,
  refund: 3,
  webhook: 4,
  'model-bank': 5,
  'bank-connector': 6,
  schedule: 8,
};
const URL_SETTING: Record<GrpcService, string> = {
  mandate: 'MANDATE_SERVICE_URL',
  payment: 'PAYMENT_SERVICE_URL',
  refund: 'REFUND_SERVICE_URL',
  webhook: 'WEBHOOK_SERVICE_URL',
  'bank-connector': 'CONNECTOR_SERVICE_URL',
  schedule: 'SCHEDULE_SERVICE_URL',
};
/** The model bank's HTTPS port under npm start (its own default). */
export const MODEL_BANK_PORT = 8443;

/** The port a process listens on: the gateway's, the model bank's HTTPS port, or a service's gRPC port. */
export function listenPort(proc: ServiceProcess, gatewayPort: string | number): number {
  if (proc.name === 'gateway') return Number(gatewayPort);
  return Number(proc.env.GRPC_PORT ?? proc.env.MODEL_BANK_PORT);
}

/**
 * The processes `npm start` runs, in start order (the model bank before the connector that talks
 * to it, the gateway last so its readiness means everything behind it answers). Only services
 * present in the tree are started. gRPC ports are consecutive from a base, or given one by one (as
 * the runner does when it picks free ports, the model bank's too under the name `model-bank`).
 */
export function platformProcesses(
  root: string,
  vrpEnv: string,
  grpcPorts: number | Record<string, number> = 50051,
  /** The gateway's metrics port; the others follow it. 0: every process picks a free one. */
  metricsBase = 9100,
  /** The gateway's port: the bank sends the customer back to it and posts its event notifications there. */
  gatewayPort: string | number = 8080,
): ServiceProcess[] {
  // A service added later (tools/scaffold) takes the offsets after the fixed ones.
  const offset = (name: string) => METRICS_OFFSET[name] ?? 10 + SERVICES.indexOf(name as GrpcService);
  const metricsPort = (name: string) => String(metricsBase === 0 ? 0 : metricsBase + offset(name));
  const portOf = (name: GrpcService) => (typeof grpcPorts === 'number' ? grpcPorts + grpcOffset(name) : grpcPorts[name]!);
  const bankPort = typeof grpcPorts === 'number' ? MODEL_BANK_PORT : (grpcPorts['model-bank'] ?? MODEL_BANK_PORT);
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const urls: Record<string, string> = {};
  SERVICES.forEach((name) => (urls[URL_SETTING[name]] = `http://127.0.0.1:${portOf(name)}`));
  const grpc = (name: GrpcService) => ({ name, dir: `services/${name}`, env: { GRPC_PORT: String(portOf(name)) } });
  const all: ServiceProcess[] = [
    ...SERVICES.filter((name) => name !== 'bank-connector').map(grpc),
    // The customers' bank in sandbox, with the credentials under .vrp/bank/ (see bank-credentials.ts).
    {
      name: 'model-bank',
      dir: 'services/model-bank',
      env: {
        MODEL_BANK_PORT: String(bankPort),
        MODEL_BANK_CLIENT_REDIRECT_URIS: `${gateway}/v1/bank/callback`,
        MODEL_BANK_CLIENT_EVENT_URL: `${gateway}/v1/bank/event-notifications`,
      },
    },
    {
      ...grpc('bank-connector'),
      env: { ...grpc('bank-connector').env, BANK_ISSUER: `https://127.0.0.1:${bankPort}`, PUBLIC_BASE_URL: gateway },
    },
    { name: 'gateway', dir: 'services/gateway', env: {} },
  ];
  return all
    .filter((p) => existsSync(path.join(root, p.dir, 'src/main.ts')))
    .map((p) => ({ ...p, env: { VRP_ENV: envOf(p.name, vrpEnv), METRICS_PORT: metricsPort(p.name), ...urls, ...p.env } }));
}

/**
 * The environment a process runs in: the platform's, except the model bank's, which plays the
 * bank for a local production platform too and refuses to run as production itself.
 */
function envOf(name: string, vrpEnv: string): string {
  return name === 'model-bank' ? 'sandbox' : vrpEnv;
}
