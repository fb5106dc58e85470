/**
 * Generates a new service with the platform's one skeleton (CONTRIBUTING.md): its gRPC contract,
 * the service folder (config, app on startUp, deps, messages, db, domain, handlers, use cases),
 * its Prisma schema and first migration, its Helm values, its place in `npm start`, and tests
 * that pass as generated. The example resource is an `Item` (create and get, per merchant) to
 * replace with the service's own.
 *
 *   npm run scaffold -- <name>        e.g. npm run scaffold -- payout-batch
 *
 * Then: `npm run codegen` (contracts and the Prisma client), and `npm test`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/** The spellings of one service name. */
export interface ServiceNames {
  /** services/<dir>, the image and chart name: kebab-case. */
  dir: string;
  /** Proto package segment and Postgres schema: snake_case. */
  snake: string;
  /** Export name in @vrp/contracts: camelCase. */
  camel: string;
  /** Type names: PascalCase. */
  pascal: string;
  /** Setting prefix: UPPER_SNAKE. */
  upper: string;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
const TAKEN = new Set([
  'gateway',
  'mandate',
  'payment',
  'refund',
  'webhook',
  'bank-connector',
  'model-bank',
  'bank',
  'connector',
  'common',
  'events',
  'health',
]);

export function serviceNames(dir: string): ServiceNames {
  if (!NAME.test(dir)) throw new Error(`service name must be kebab-case letters and digits (e.g. payout-batch), got '${dir}'`);
  if (TAKEN.has(dir)) throw new Error(`'${dir}' is taken`);
  const parts = dir.split('-');
  const pascal = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
  return { dir, snake: parts.join('_'), camel: pascal[0]!.toLowerCase() + pascal.slice(1), pascal, upper: parts.join('_').toUpperCase() };
}

/** The next free gRPC port after those the chart already gives. */
function nextPort(root: string): number {
  const values = readFileSync(path.join(root, 'deploy/helm/vrp/values.yaml'), 'utf8');
  const ports = [...values.matchAll(/^ {4}port: (\d+)$/gm)].map((m) => Number(m[1])).filter((p) => p >= 50051);
  return Math.max(50050, ...ports) + 1;
}

/** Writes the files of a new service under `root` (formatted as the repository is) and wires it in; returns the paths written. */
export async function scaffold(root: string, dir: string): Promise<string[]> {
  const n = serviceNames(dir);
  if (existsSync(path.join(root, 'services', n.dir))) throw new Error(`services/${n.dir} exists already`);
  const port = nextPort(root);
  const written: string[] = [];
  const write = async (file: string, text: string) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    const source = text.replace(/^\n/, '');
    const formattable = /\.(ts|json)$/.test(file);
    const options = formattable ? await prettier.resolveConfig(full) : null;
    writeFileSync(full, formattable ? await prettier.format(source, { ...options, filepath: full }) : source);
    written.push(file);
  };
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  /** The version the root pins `name` at: a new service declares what it imports at the versions the others use. */
  const pinned = (name: string) => rootManifest.dependencies?.[name] ?? rootManifest.devDependencies?.[name] ?? '*';
  for (const [file, text] of Object.entries(serviceFiles(n, port, pinned))) await write(file, text);

  // Wiring into what exists: the contracts package, the chart, `npm start`.
  const contracts = path.join(root, 'packages/contracts/src/index.ts');
  const exportLine = `export * as ${n.camel} from './gen/vrp/${n.snake}/v1/${n.snake}_pb.js';\n`;
  const index = readFileSync(contracts, 'utf8');
  writeFileSync(contracts, index.replace(/(export \* as health [^\n]*\n)/, `${exportLine}$1`));
  written.push('packages/contracts/src/index.ts');

  const values = path.join(root, 'deploy/helm/vrp/values.yaml');
  writeFileSync(values, readFileSync(values, 'utf8').replace(/\n*$/, '\n') + helmValues(n, port));
  written.push('deploy/helm/vrp/values.yaml');
  // The values schema is strict: it names every service.
  const schemaFile = path.join(root, 'deploy/helm/vrp/values.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties: { services: { properties: Record<string, unknown> } } };
  schema.properties.services.properties[n.dir] = { $ref: '#/definitions/service' };
  await write('deploy/helm/vrp/values.schema.json', `${JSON.stringify(schema, null, 2)}\n`);

  const processes = path.join(root, 'tools/dev/processes.ts');
  const before = readFileSync(processes, 'utf8');
  const after = before
    .replace(/(const SERVICES = \[[^\]]*)\] as const;/, `$1, '${n.dir}'] as const;`)
    .replace(/(const URL_SETTING[^{]*\{\n(?: {2}[^\n]*\n)*)/, `$1  '${n.dir}': '${n.upper}_SERVICE_URL',\n`);
  if (after === before) throw new Error('tools/dev/processes.ts no longer has the shape the scaffold edits');
  writeFileSync(processes, after);
  written.push('tools/dev/processes.ts');
  return written;
}

function helmValues(n: ServiceNames, port: number): string {
  return `
  ${n.dir}:
    enabled: true
    protocol: grpc
    port: ${port}
    portEnv: GRPC_PORT
    hostEnv: GRPC_HOST
    urlEnv: ${n.upper}_SERVICE_URL
    database: true
    calls: []
    env: {}
`.replace(/^\n/, '\n');
}

/** Every file of the new service, by path from the repository root. */
function serviceFiles(n: ServiceNames, port: number, pinned: (name: string) => string): Record<string, string> {
  const svc = `services/${n.dir}`;
  const pb = `${n.camel} as pb`;
  return {
    [`proto/vrp/${n.snake}/v1/${n.snake}.proto`]: `
syntax = "proto3";

// The ${n.dir} service. Replace the example Item with the service's own resources.
package vrp.${n.snake}.v1;

import "google/protobuf/timestamp.proto";

// What the ${n.dir} service offers the rest of the platform.
service ${n.pascal}Service {
  // Stores a new item for a merchant.
  rpc CreateItem(CreateItemRequest) returns (CreateItemResponse);
  // Returns one item of a merchant; another merchant's item is not found.
  rpc GetItem(GetItemRequest) returns (GetItemResponse);
}

// An example resource: something a merchant owns.
message Item {
  // Identifier.
  string id = 1;
  // Owner.
  string merchant_id = 2;
  // The merchant's own reference, free text.
  string reference = 3;
  // When it was stored.
  google.protobuf.Timestamp created_at = 4;
}

// CreateItem input.
message CreateItemRequest {
  // Owner.
  string merchant_id = 1;
  // The merchant's own reference (1 to 200 characters).
  string reference = 2;
}

// CreateItem output.
message CreateItemResponse {
  // The stored item.
  Item item = 1;
}

// GetItem input.
message GetItemRequest {
  // Owner.
  string merchant_id = 1;
  // Identifier.
  string id = 2;
}

// GetItem output.
message GetItemResponse {
  // The item.
  Item item = 1;
}
`,
    [`${svc}/package.json`]: `${JSON.stringify(
      {
        name: `@vrp/${n.dir}-service`,
        version: '0.1.0',
        private: true,
        description: `The ${n.dir} service over gRPC.`,
        type: 'module',
        exports: { '.': './src/index.ts' },
        scripts: {
          build: 'tsx ../../tools/build/bundle.ts .',
          typecheck: 'tsc -p tsconfig.json --noEmit',
          lint: 'eslint src && prettier --check . --ignore-path ../../.prettierignore',
          test: `vitest run --root ../.. --project ${n.dir}`,
          start: 'tsx src/main.ts',
        },
        // Everything its files import (the dependency lint of npm test checks it).
        dependencies: {
          '@bufbuild/protobuf': pinned('@bufbuild/protobuf'),
          '@connectrpc/connect': pinned('@connectrpc/connect'),
          '@prisma/adapter-pg': pinned('@prisma/adapter-pg'),
          '@prisma/client': pinned('@prisma/client'),
          '@vrp/config': '*',
          '@vrp/contracts': '*',
          '@vrp/errors': '*',
          '@vrp/grpc': '*',
          '@vrp/logging': '*',
          '@vrp/outbox': '*',
          '@vrp/runtime': '*',
          '@vrp/sandbox-clock': '*',
        },
        devDependencies: { '@prisma/adapter-pg-7': pinned('@prisma/adapter-pg-7'), '@vrp/testing': '*', prisma: pinned('prisma') },
      },
      null,
      2,
    )}\n`,
    [`${svc}/tsconfig.json`]: `
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "noEmit": true },
  "include": ["src/**/*.ts", "test/**/*.ts"]
}
`,
    [`${svc}/vitest.config.ts`]: `
import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '${n.dir}', include: ['src/**/*.spec.ts', 'test/**/*.test.ts'] },
});
`,
    [`${svc}/prisma.config.ts`]: `
// Prisma CLI configuration (generate, migrate deploy). Uses the WebAssembly engines so it works
// offline; migrations record their history inside this service's own schema.
import { PrismaPg } from '@prisma/adapter-pg-7';
import { defineConfig } from 'prisma/config';

const SCHEMA = '${n.snake}';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vrp_sandbox',
      options: \`-c search_path=\${SCHEMA}\`,
      allowExitOnIdle: true,
    }),
});
`,
    [`${svc}/prisma/schema.prisma`]: `
// The ${n.dir} service's own schema: its items and its outbox. Nobody else reads it.
generator client {
  provider            = "prisma-client"
  output              = "../src/generated/prisma"
  engineType          = "client"
  moduleFormat        = "esm"
  importFileExtension = "js"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
  schemas  = ["${n.snake}"]
}

model Item {
  id         String   @id
  merchantId String   @map("merchant_id")
  reference  String
  createdAt  DateTime @default(now()) @map("created_at") @db.Timestamptz(3)

  @@index([merchantId, createdAt, id])
  @@map("items")
  @@schema("${n.snake}")
}

model OutboxEvent {
  seq         BigInt    @id @default(autoincrement())
  eventId     String    @unique @map("event_id")
  subject     String
  payload     Bytes
  createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(3)
  publishedAt DateTime? @map("published_at") @db.Timestamptz(3)

  // The relay's index, on seq where published_at IS NULL, is partial: hand-written in the migration.
  @@map("outbox_events")
  @@schema("${n.snake}")
}
`,
    [`${svc}/prisma/migrations/migration_lock.toml`]: `
# Please do not edit this file manually
# It should be added in your version-control system (e.g., Git)
provider = "postgresql"
`,
    [`${svc}/prisma/migrations/${migrationStamp()}_init/migration.sql`]: `
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "${n.snake}";

-- CreateTable
CREATE TABLE "${n.snake}"."items" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "${n.snake}"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "items_merchant_id_created_at_id_idx" ON "${n.snake}"."items"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "${n.snake}"."outbox_events"("event_id");

-- Hand-written: the relay reads unpublished rows in seq order; a partial index holds only them.
CREATE INDEX "outbox_events_unpublished_seq_idx" ON "${n.snake}"."outbox_events"("seq") WHERE "published_at" IS NULL;

-- A reference is what the merchant sees; an empty one is a caller bug the database refuses too.
ALTER TABLE "${n.snake}"."items" ADD CONSTRAINT "items_reference_check" CHECK (char_length("reference") BETWEEN 1 AND 200);
`,
    [`${svc}/src/main.ts`]: `
import { runService } from '@vrp/runtime';
import { start${n.pascal}Service } from './app.js';
import { load${n.pascal}Config } from './config.js';

await runService({ name: '${n.dir}', loadConfig: () => load${n.pascal}Config(), start: start${n.pascal}Service });
`,
    [`${svc}/src/config.ts`]: `
import { int, loadConfig, platformSettings, str, vrpEnvSetting } from '@vrp/config';

/**
 * Reads the ${n.dir} service's settings from \`env\` (default: this process's environment; this
 * is the only module that reads it) and returns them frozen. Throws a ConfigError listing every bad setting, one line each.
 */
export function load${n.pascal}Config(env: NodeJS.ProcessEnv = process.env) {
  // The environment decides the other defaults (database, stream), so it is read first.
  const { env: vrpEnv } = loadConfig({ env: vrpEnvSetting }, env);
  return loadConfig(
    {
      env: vrpEnvSetting,
      grpcPort: int('GRPC_PORT', { default: ${port}, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      ...platformSettings(vrpEnv),
    },
    env,
  );
}

/** The validated settings of the ${n.dir} service. */
export type ${n.pascal}Config = ReturnType<typeof load${n.pascal}Config>;
`,
    [`${svc}/src/app.ts`]: `
import { startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import type { ${n.pascal}Config } from './config.js';
import { createDb } from './db/client.js';
import type { Deps } from './deps.js';
import { SERVICE_NAMES, routes } from './server.js';

/** A running ${n.dir} service. */
export type ${n.pascal}Service = Started<{
  /** The port the gRPC server listens on (the real one when configured with 0). */
  readonly port: number;
}>;

/**
 * Starts the ${n.dir} service: database client, event bus and stream, outbox relay and the gRPC
 * server. stop() closes it all in reverse; a failed start closes whatever it had started.
 */
export function start${n.pascal}Service(config: ${n.pascal}Config, options: { logger?: Logger } = {}): Promise<${n.pascal}Service> {
  const logger = options.logger ?? createLogger('${n.dir}', { level: config.logLevel });
  return startUp('${n.dir} service', logger, async (resources) => {
    const db = resources.add('database', createDb(config.databaseUrl), (d) => d.$disconnect());
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, '${n.dir}'), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);
    const relay = new OutboxRelay({ databaseUrl: config.databaseUrl, schema: '${n.snake}', js: bus.js, logger: logger.child({ component: 'relay' }) });
    resources.add('outbox relay', relay, (r) => r.stop());
    relay.start();

    // Merchants' clocks (a sandbox merchant's may run ahead); give it a store and register
    // SetSandboxClock (see the refund service) when a time rule needs to be moved in tests.
    const clocks = new SandboxClocks({ enabled: config.env === 'sandbox' });
    const deps: Deps = { db, clocks, logger, subjectPrefix: config.eventSubjectPrefix, afterCommit: () => relay.nudge() };
    const server = await startGrpcServer({ routes: routes(deps), serviceNames: SERVICE_NAMES, port: config.grpcPort, host: config.grpcHost, logger });
    resources.add('gRPC server', server, (s) => s.close());
    return { port: server.port };
  });
}
`,
    [`${svc}/src/index.ts`]: `
/**
 * The ${n.dir} service for embedding: what main.ts runs, and what other packages' tests start in
 * process (they import this package by name, never its files by path).
 */
export { start${n.pascal}Service, type ${n.pascal}Service } from './app.js';
export { load${n.pascal}Config, type ${n.pascal}Config } from './config.js';
`,
    [`${svc}/src/deps.ts`]: `
import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { Db } from './db/client.js';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  db: Db;
  /** Merchants' clocks: \`clocks.now(merchantId)\` dates what a merchant sees (sandbox clocks may run ahead). */
  clocks: SandboxClocks;
  logger: Logger;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
}
`,
    [`${svc}/src/messages.ts`]: `
// Stored rows as contract messages, for the handlers (and event payloads, when there are some).
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ${pb} } from '@vrp/contracts';
import type { ItemRow } from './db/items.js';

export function toItemMessage(row: ItemRow): pb.Item {
  return create(pb.ItemSchema, { id: row.id, merchantId: row.merchantId, reference: row.reference, createdAt: timestampFromDate(row.createdAt) });
}
`,
    [`${svc}/src/server.ts`]: `
import type { ConnectRouter } from '@connectrpc/connect';
import { ${pb} } from '@vrp/contracts';
import type { Deps } from './deps.js';
import { itemHandlers } from './handlers/items.js';

/** Fully qualified names of the services served, as grpc.health.v1 reports them. */
export const SERVICE_NAMES = [pb.${n.pascal}Service.typeName];

/** Registers ${n.pascal}Service on a connect router. */
export function routes(deps: Deps): (router: ConnectRouter) => void {
  return (router) => router.service(pb.${n.pascal}Service, itemHandlers(deps));
}
`,
    [`${svc}/src/db/client.ts`]: `
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

/** The service's database client. */
export type Db = PrismaClient;
/** A client bound to one open transaction. */
export type Tx = Prisma.TransactionClient;

/** The Prisma client over the \`${n.snake}\` schema of \`databaseUrl\` (the query engine is the pg adapter). */
export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }, { schema: '${n.snake}' }) });
}
`,
    [`${svc}/src/db/items.ts`]: `
import type { Item } from '../generated/prisma/client.js';
import type { Db } from './client.js';

export type ItemRow = Item;

export function insertItem(db: Db, item: { id: string; merchantId: string; reference: string; at: Date }): Promise<ItemRow> {
  return db.item.create({ data: { id: item.id, merchantId: item.merchantId, reference: item.reference, createdAt: item.at } });
}

/** One item of the merchant, or null (another merchant's item is not found either). */
export function findItem(db: Db, merchantId: string, id: string): Promise<ItemRow | null> {
  return db.item.findFirst({ where: { merchantId, id } });
}
`,
    [`${svc}/src/domain/item-rules.ts`]: `
import { validationError } from '@vrp/errors';

/** Longest reference a merchant may give an item (the database checks it too). */
export const MAX_REFERENCE_LENGTH = 200;

/** The merchant's reference as stored: 1 to MAX_REFERENCE_LENGTH characters. */
export function assertReference(reference: string): string {
  if (reference.length === 0 || reference.length > MAX_REFERENCE_LENGTH) {
    throw validationError('reference', \`must be 1 to \${MAX_REFERENCE_LENGTH} characters\`);
  }
  return reference;
}
`,
    [`${svc}/src/domain/item-rules.spec.ts`]: `
import { describe, expect, it } from 'vitest';
import { assertReference, MAX_REFERENCE_LENGTH } from './item-rules.js';

describe('assertReference', () => {
  it('keeps references of 1 to the maximum length and refuses others with validation_error', () => {
    expect(assertReference('a')).toBe('a');
    expect(assertReference('r'.repeat(MAX_REFERENCE_LENGTH))).toHaveLength(MAX_REFERENCE_LENGTH);
    for (const bad of ['', 'r'.repeat(MAX_REFERENCE_LENGTH + 1)]) {
      expect(() => assertReference(bad)).toThrow(expect.objectContaining({ code: 'validation_error', param: 'reference' }));
    }
  });
});
`,
    [`${svc}/src/usecases/create-item.ts`]: `
import { randomUUID } from 'node:crypto';
import { required } from '@vrp/errors';
import { insertItem, type ItemRow } from '../db/items.js';
import type { Deps } from '../deps.js';
import { assertReference } from '../domain/item-rules.js';

/** Stores a new item for the merchant. */
export function createItem(deps: Deps, input: { merchantId: string; reference: string }): Promise<ItemRow> {
  const merchantId = required('merchant_id', input.merchantId);
  const reference = assertReference(input.reference);
  return insertItem(deps.db, { id: randomUUID(), merchantId, reference, at: deps.clocks.now(merchantId) });
}
`,
    [`${svc}/src/usecases/get-item.ts`]: `
import { notFound, required } from '@vrp/errors';
import { findItem, type ItemRow } from '../db/items.js';
import type { Deps } from '../deps.js';

/** One item of the merchant; 404 not_found for an unknown id or another merchant's item. */
export async function getItem(deps: Deps, merchantId: string, id: string): Promise<ItemRow> {
  const row = await findItem(deps.db, required('merchant_id', merchantId), id);
  if (!row) throw notFound('item', id);
  return row;
}
`,
    [`${svc}/src/handlers/items.ts`]: `
import type { ServiceImpl } from '@connectrpc/connect';
import type { ${pb} } from '@vrp/contracts';
import type { Deps } from '../deps.js';
import { toItemMessage } from '../messages.js';
import { createItem } from '../usecases/create-item.js';
import { getItem } from '../usecases/get-item.js';

/** The item rpcs: proto in, use case, proto out. */
export function itemHandlers(deps: Deps): ServiceImpl<typeof pb.${n.pascal}Service> {
  return {
    async createItem(req) {
      return { item: toItemMessage(await createItem(deps, { merchantId: req.merchantId, reference: req.reference })) };
    },
    async getItem(req) {
      return { item: toItemMessage(await getItem(deps, req.merchantId, req.id)) };
    },
  };
}
`,
    [`${svc}/test/items.test.ts`]: `
import { ${n.camel} } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createServiceClient } from '@vrp/grpc';
import { createTestDatabase, createTestStream, type TestDatabase, type TestStream } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start${n.pascal}Service, type ${n.pascal}Service } from '../src/app.js';
import { load${n.pascal}Config } from '../src/config.js';

let db: TestDatabase;
let stream: TestStream;
let service: ${n.pascal}Service;
let client: ReturnType<typeof createServiceClient<typeof ${n.camel}.${n.pascal}Service>>;

beforeAll(async () => {
  [db, stream] = await Promise.all([createTestDatabase(['${n.dir}']), createTestStream()]);
  service = await start${n.pascal}Service(
    load${n.pascal}Config({
      DATABASE_URL: db.url,
      NATS_URL: stream.natsUrl,
      EVENT_STREAM: stream.stream,
      EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
      GRPC_PORT: '0',
      LOG_LEVEL: 'silent',
    }),
  );
  client = createServiceClient(${n.camel}.${n.pascal}Service, { baseUrl: \`http://127.0.0.1:\${service.port}\` });
});
afterAll(async () => {
  client?.close();
  await service?.stop();
  await stream?.cleanup();
  await db?.drop();
});

const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof ApiError ? err.code : String(err)));

describe('items over real gRPC and Postgres', () => {
  it('stores an item and returns it to its merchant only', async () => {
    const { item } = await client.createItem({ merchantId: 'MR1', reference: 'first' });
    expect(item).toMatchObject({ merchantId: 'MR1', reference: 'first' });
    expect((await client.getItem({ merchantId: 'MR1', id: item!.id })).item).toEqual(item);
    expect(await codeOf(client.getItem({ merchantId: 'MR2', id: item!.id }))).toBe('not_found');
  });

  it('refuses a missing merchant or a bad reference with validation_error', async () => {
    expect(await codeOf(client.createItem({ merchantId: '', reference: 'x' }))).toBe('validation_error');
    expect(await codeOf(client.createItem({ merchantId: 'MR1', reference: '' }))).toBe('validation_error');
  });
});
`,
    [`${svc}/test/start-up.test.ts`]: `
import { checkStartUpRelease } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { start${n.pascal}Service } from '../src/app.js';
import { load${n.pascal}Config } from '../src/config.js';

describe('start-up', () => {
  it('releases its database and NATS connections, loops and timers when a start fails, and again on stop', async () => {
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['${n.dir}'],
      portSetting: 'GRPC_PORT',
      holdsWhileRunning: (now, before) => now.postgres > before.postgres && now.nats > before.nats,
      start: (env) => start${n.pascal}Service(load${n.pascal}Config(env)),
    });
    expect(whileRunning.postgres).toBeGreaterThan(before.postgres);
    expect(whileRunning.nats).toBeGreaterThan(before.nats);
  });
});
`,
  };
}

/** yyyymmddhhmmss now (UTC), the migration folder prefix Prisma uses. */
function migrationStamp(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: npm run scaffold -- <name>   (kebab-case, e.g. payout-batch)');
    process.exit(2);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  try {
    const written = await scaffold(root, name);
    for (const file of written) console.log(`  wrote ${file}`);
    console.log(`\nservices/${name} is ready. Next: npm install && npm run codegen && npm test`);
  } catch (err) {
    console.error(`scaffold: ${(err as Error).message}`);
    process.exit(1);
  }
}
