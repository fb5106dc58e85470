/**
 * Applies every service's committed migrations to the environment's database with the stock
 * `prisma migrate deploy` (the same command a Kubernetes Job runs), creating the database and
 * each service's schema first. Usage: `npm run migrate` (VRP_ENV / DATABASE_URL as for the services).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Services that own a schema, i.e. have a prisma.config.ts. */
export function migratableServices(): string[] {
  return readdirSync(path.join(root, 'services'))
    .filter((s) => existsSync(path.join(root, 'services', s, 'prisma.config.ts')))
    .sort();
}

/**
 * The Postgres schema a service owns: the one its Prisma schema's datasource names (the bank
 * connector's is `connector`), else its folder's name with dashes as underscores (model-bank -> model_bank).
 */
export function schemaOf(service: string): string {
  const file = path.join(root, 'services', service, 'prisma', 'schema.prisma');
  const declared = existsSync(file) ? /^\s*schemas\s*=\s*\[\s*"([a-z_]+)"/m.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
  return declared ?? service.replaceAll('-', '_');
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`migrate: created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Migrates every service's schema (or those of `services`) in `databaseUrl`; throws on the first failure. */
export async function migrateAll(
  databaseUrl: string,
  log: (line: string) => void = console.log,
  services: string[] = migratableServices(),
): Promise<void> {
  await ensureDatabase(databaseUrl);
  for (const service of services) {
    await ensureSchema(databaseUrl, schemaOf(service));
    const started = Date.now();
    const result = spawnSync('npx', ['--no-install', 'prisma', 'migrate', 'deploy', '--config', 'prisma.config.ts'], {
      cwd: path.join(root, 'services', service),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(root, 'tools/dev/unref-long-timers.cjs')}`.trim(),
      },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`prisma migrate deploy failed for ${service}:\n${result.stdout}\n${result.stderr}`);
    }
    log(`migrate: ${service} schema up to date (${Date.now() - started} ms)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env.VRP_ENV ?? 'sandbox';
  const url = process.env.DATABASE_URL ?? `postgresql://postgres@127.0.0.1:5432/vrp_${env}`;
  migrateAll(url).catch((err: Error) => {
    console.error(`migrate: ${err.message}`);
    process.exit(1);
  });
}
