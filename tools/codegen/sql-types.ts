/**
 * Generates the row and parameter types of every service's SQL queries with pgtyped: for each
 * service with a pgtyped.config.json, a scratch database gets that service's committed migrations
 * (the same `prisma migrate deploy` setup and a Kubernetes Job run), then pgtyped asks Postgres to
 * describe each query in the service's src/db/sql/*.sql and writes src/generated/sql/<name>.queries.ts.
 * A query naming a column or table the schema does not have fails here, so the build stops.
 * Usage: `tsx tools/codegen/sql-types.ts [service…]` (default: every service with a config).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateAll } from '../dev/migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = process.env.SQL_TYPES_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';

/** Services whose queries are typed by pgtyped. */
export function typedServices(): string[] {
  return readdirSync(path.join(root, 'services'))
    .filter((s) => existsSync(path.join(root, 'services', s, 'pgtyped.config.json')))
    .sort();
}

async function drop(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function recreate(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Runs pgtyped for `dir` (a folder with a pgtyped.config.json and its SQL) against a scratch
 * database migrated with `service`'s migrations. Throws with pgtyped's output when a query does not check.
 */
export async function generateSqlTypes(service: string, dir = path.join(root, 'services', service)): Promise<void> {
  // Its own scratch database (per process: two checkouts generating at once must not drop each other's).
  const database = `vrp_sql_types_${service.replaceAll('-', '_')}_${process.pid}`;
  await recreate(database);
  try {
    await describeQueries(service, dir, database);
  } finally {
    await drop(database);
  }
}

async function describeQueries(service: string, dir: string, database: string): Promise<void> {
  const url = `${SERVER}/${database}`;
  await migrateAll(url, () => undefined, [service]);
  const { hostname, port, username } = new URL(url);
  const result = spawnSync(path.join(root, 'node_modules/.bin/pgtyped'), ['-c', 'pgtyped.config.json'], {
    cwd: dir,
    // pgtyped reads the connection from the environment ahead of its config file.
    env: { ...process.env, PGHOST: hostname, PGPORT: port || '5432', PGUSER: decodeURIComponent(username), PGDATABASE: database },
    encoding: 'utf8',
    // It waits for ever on a connection its database dropped: fail instead.
    timeout: 300_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  // pgtyped exits 0 when a query does not parse or check (it skips the file); its report names the error.
  if (result.status !== 0 || /error/i.test(output)) {
    throw new Error(`pgtyped failed for ${path.relative(root, dir)}:\n${output}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const services = process.argv.length > 2 ? process.argv.slice(2) : typedServices();
  (async () => {
    for (const service of services) await generateSqlTypes(service);
    console.log(`codegen: SQL types generated for ${services.join(', ')}`);
  })().catch((err: Error) => {
    console.error(`codegen: ${err.message}`);
    process.exit(1);
  });
}
