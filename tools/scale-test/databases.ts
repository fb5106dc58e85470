/**
 * Where the scale test's services keep their data: one database shared by all (the default), or
 * one database per service (`--database-per-service`), as an operator splits them when one
 * Postgres is no longer enough (the chart's `services.<s>.databaseUrl`). The audit reads every
 * service's schema in one place either way: with a database per service it reads an audit
 * database that imports each service's schema through postgres_fdw, so its cross-schema queries
 * run unchanged.
 */
import pg from 'pg';
import { migrateAll, schemaOf } from '../dev/migrate.js';

export interface DatabaseLayout {
  /** The DATABASE_URL `service` is started with. */
  urlOf(service: string): string;
  /** Every database and the services migrated into it. */
  databases: { url: string; services: string[] }[];
  /** Where the audit reads every schema (the shared database, or the audit database). */
  auditUrl: string;
  perService: boolean;
}

const withDatabase = (adminUrl: string, name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/**
 * The layout for a run named `id` on the Postgres of `adminUrl`: `migratable` services own a
 * schema. Per service, each gets database `vrp_scale_<id>_<schema>` and services without a schema
 * share `vrp_scale_<id>` (which, with the imported schemas, is the audit database).
 */
export function databaseLayout(adminUrl: string, id: string, migratable: string[], perService: boolean): DatabaseLayout {
  const shared = withDatabase(adminUrl, `vrp_scale_${id}`);
  if (!perService) return { urlOf: () => shared, databases: [{ url: shared, services: migratable }], auditUrl: shared, perService };
  const own = new Map(migratable.map((s) => [s, withDatabase(adminUrl, `vrp_scale_${id}_${schemaOf(s)}`)]));
  return {
    urlOf: (service) => own.get(service) ?? shared,
    databases: [...own].map(([service, url]) => ({ url, services: [service] })),
    auditUrl: shared,
    perService,
  };
}

/** Creates and migrates every database of `layout`; per service, also the audit database's imports. */
export async function prepareDatabases(layout: DatabaseLayout, log: (line: string) => void): Promise<void> {
  for (const { url, services } of layout.databases) await migrateAll(url, log, services);
  if (!layout.perService) return;
  await ensureDatabase(layout.auditUrl);
  const audit = new pg.Client({ connectionString: layout.auditUrl });
  await audit.connect();
  try {
    await audit.query('CREATE EXTENSION IF NOT EXISTS postgres_fdw');
    for (const { url, services } of layout.databases) {
      const target = new URL(url);
      const schema = schemaOf(services[0]!);
      const server = `${schema}_db`;
      await audit.query(
        `CREATE SERVER IF NOT EXISTS ${server} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '${target.hostname}', port '${target.port || 5432}', dbname '${target.pathname.slice(1)}')`,
      );
      await audit.query(
        `CREATE USER MAPPING IF NOT EXISTS FOR CURRENT_USER SERVER ${server} OPTIONS (user '${decodeURIComponent(target.username || 'postgres')}')`,
      );
      await audit.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await audit.query(`IMPORT FOREIGN SCHEMA "${schema}" FROM SERVER ${server} INTO "${schema}"`);
    }
  } finally {
    await audit.end();
  }
}

/** Drops every database of `layout` (the audit database's imports first). */
export async function dropDatabases(layout: DatabaseLayout, adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const names = [layout.auditUrl, ...layout.databases.map((d) => d.url)].map((u) => new URL(u).pathname.slice(1));
    for (const name of new Set(names)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount)
      await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}
