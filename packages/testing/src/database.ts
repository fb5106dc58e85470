import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Root of the repository, from this file's location. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

import { TEST_DATABASE_ADMIN_URL as ADMIN_URL } from './config.js';

export interface TestDatabase {
  /** Connection string of the fresh database. */
  url: string;
  name: string;
  /** Drops the database (terminating leftover connections). */
  drop(): Promise<void>;
}

/**
 * Applies the committed migrations of `service` (services/<service>/prisma/migrations) in order:
 * every one, or with `only` those it selects (a data-migration test applies the ones before its own).
 */
export async function applyMigrations(url: string, service: string, only: (name: string) => boolean = () => true): Promise<void> {
  const dir = path.join(REPO_ROOT, 'services', service, 'prisma', 'migrations');
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .filter(only)
    .sort();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of entries) {
      await client.query(await readFile(path.join(dir, name, 'migration.sql'), 'utf8'));
    }
  } finally {
    await client.end();
  }
}

/**
 * A brand-new database for one test file, with the committed migrations of `services`
 * applied exactly as `prisma migrate deploy` would apply their SQL. Tests never share state.
 *
 * Applying the migrations is most of the cost of a new database (the whole platform's take about
 * four seconds of DDL), so they are applied once per set of services and migration files, into a
 * template database (`vrp_template_<services>_<migrations>`), and every test's database is a copy of
 * it (a few hundred milliseconds). A changed migration makes a new template and drops the old one.
 * A test's database commits asynchronously: nothing here survives a server crash anyway, and each
 * commit no longer waits for the disk.
 */
export async function createTestDatabase(services: string[]): Promise<TestDatabase> {
  const name = `vrp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const create = async () => {
      const template = services.length > 0 ? await templateOf(services) : undefined;
      await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    };
    // Another checkout with other migrations may have replaced the template meanwhile: build it again.
    await create().catch((err: { code?: string }) => (err.code === '3D000' ? create() : Promise.reject(err)));
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = urlOf(name);
  return {
    url,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        // Connections a test's pools are still closing get a moment to go by themselves: one
        // terminated mid-close reports the termination to a client nobody listens to any more.
        for (let waited = 0; waited < 500; waited += 25) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function urlOf(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  // Production refuses a database URL without a password; the local test server trusts local
  // connections and never asks for one, so a placeholder lets a test run a service in production.
  if (!url.password) url.password = 'unused-by-trust-auth';
  return url.toString();
}

const TEMPLATE_PREFIX = 'vrp_template_';

/** A service's migrations (name and text, in order), read once per process: the files do not change under a test run. */
const migrationTexts = new Map<string, Promise<string[]>>();
function migrationsOf(service: string): Promise<string[]> {
  let texts = migrationTexts.get(service);
  if (!texts) {
    texts = (async () => {
      const dir = path.join(REPO_ROOT, 'services', service, 'prisma', 'migrations');
      const out: string[] = [];
      for (const entry of (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .sort((a, b) => (a.name < b.name ? -1 : 1))) {
        out.push(service, entry.name, await readFile(path.join(dir, entry.name, 'migration.sql'), 'utf8'));
      }
      return out;
    })();
    texts.catch(() => migrationTexts.delete(service));
    migrationTexts.set(service, texts);
  }
  return texts;
}

/**
 * The template database holding `services`' migrations, built if missing. Test files run in
 * parallel workers, so building takes an advisory lock and publishes the template by renaming it
 * once complete: a copy never starts from a half-migrated template.
 */
async function templateOf(services: string[]): Promise<string> {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
  const migrations = (await Promise.all(services.map(migrationsOf))).flat();
  const family = `${TEMPLATE_PREFIX}${hash(services.join(','))}_`;
  const template = `${family}${hash(migrations.join('\0'))}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = async () => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount ?? 0) > 0;
    if (await exists()) return template;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [family]);
    try {
      if (await exists()) return template;
      const stale = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${family}%`]);
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      const building = `${template}_building`;
      await admin.query(`CREATE DATABASE "${building}"`);
      for (const service of services) await applyMigrations(urlOf(building), service);
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      return template;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [family]);
    }
  } finally {
    await admin.end();
  }
}
