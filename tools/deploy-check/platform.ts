/**
 * What the deploy checks compare against: the platform's service table (the contract the images
 * and the chart must meet, written down once here) and loaders for the real files under test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const chartDir = join(repoRoot, 'deploy/helm/vrp');
export const dockerDir = join(repoRoot, 'deploy/docker');

export interface ExpectedService {
  protocol: 'http' | 'grpc';
  port: number;
  portEnv: 'GATEWAY_PORT' | 'GRPC_PORT' | 'MODEL_BANK_PORT';
  /** Owns a Postgres schema and Prisma migrations, so it needs a migration Job. */
  database: boolean;
  /** The `<X>_SERVICE_URL` settings this service reads. */
  calls: string[];
}

/** services/<dir> → how it is deployed (the table of the deployment brief). */
export const SERVICES: Record<string, ExpectedService> = {
  gateway: {
    protocol: 'http',
    port: 8080,
    portEnv: 'GATEWAY_PORT',
    database: true,
    calls: [
      'MANDATE_SERVICE_URL',
      'PAYMENT_SERVICE_URL',
      'REFUND_SERVICE_URL',
      'WEBHOOK_SERVICE_URL',
      'CONNECTOR_SERVICE_URL',
      'SCHEDULE_SERVICE_URL',
    ],
  },
  mandate: { protocol: 'grpc', port: 50051, portEnv: 'GRPC_PORT', database: true, calls: ['PAYMENT_SERVICE_URL', 'CONNECTOR_SERVICE_URL'] },
  payment: { protocol: 'grpc', port: 50052, portEnv: 'GRPC_PORT', database: true, calls: ['MANDATE_SERVICE_URL', 'CONNECTOR_SERVICE_URL'] },
  refund: { protocol: 'grpc', port: 50053, portEnv: 'GRPC_PORT', database: true, calls: ['PAYMENT_SERVICE_URL', 'CONNECTOR_SERVICE_URL'] },
  webhook: { protocol: 'grpc', port: 50054, portEnv: 'GRPC_PORT', database: true, calls: [] },
  'bank-connector': {
    protocol: 'grpc',
    port: 50056,
    portEnv: 'GRPC_PORT',
    database: true,
    calls: ['MANDATE_SERVICE_URL', 'PAYMENT_SERVICE_URL', 'REFUND_SERVICE_URL'],
  },
  schedule: { protocol: 'grpc', port: 50057, portEnv: 'GRPC_PORT', database: true, calls: ['MANDATE_SERVICE_URL', 'PAYMENT_SERVICE_URL'] },
  // HTTPS on its http port (values `tls: true`): the customers' bank, sandbox only.
  'model-bank': { protocol: 'http', port: 8443, portEnv: 'MODEL_BANK_PORT', database: true, calls: [] },
};

/** One entry of values.yaml `services:` (only the keys the checks read). */
export interface ServiceValues {
  enabled?: boolean | null;
  protocol?: string;
  port?: number;
  portEnv?: string;
  hostEnv?: string;
  urlEnv?: string;
  database?: boolean;
  calls?: string[];
  secretEnv?: Record<string, string>;
  externalUrl?: string;
  tls?: boolean;
  credentials?: { secret: string; mountPath: string };
  env?: Record<string, unknown>;
}

export type Values = Record<string, unknown> & { services: Record<string, ServiceValues> };

export function readRepoFile(relPath: string): string {
  return readFileSync(join(repoRoot, relPath), 'utf8');
}

export function loadYamlFile<T = unknown>(relPath: string): T {
  return parse(readRepoFile(relPath)) as T;
}

export const loadValues = (file = 'values.yaml'): Values => loadYamlFile<Values>(`deploy/helm/vrp/${file}`);

/** Service directories that exist on disk now (they are written alongside these checks). */
export function serviceDirsOnDisk(): { name: string; hasMain: boolean; hasPrisma: boolean }[] {
  const root = join(repoRoot, 'services');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      name: d.name,
      hasMain: existsSync(join(root, d.name, 'src/main.ts')),
      hasPrisma: existsSync(join(root, d.name, 'prisma')),
    }));
}

/** Helm-like coalescing of an overlay onto values: maps merge, null deletes, the rest replaces. */
export function mergeValues(base: unknown, overlay: unknown): unknown {
  if (!isMap(base) || !isMap(overlay)) return overlay;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(overlay)) {
    if (v === null) delete out[k];
    else out[k] = k in out ? mergeValues(out[k], v) : v;
  }
  return out;
}

export function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
