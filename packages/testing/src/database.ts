import { randomBytes } from 'node:crypto';
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
 */
export async function createTestDatabase(services: string[]): Promise<TestDatabase> {
  const name = `vrp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Production refuses a database URL without a password; the local test server trusts local
  // connections and never asks for one, so a placeholder lets a test run a service in production.
  if (!url.password) url.password = 'unused-by-trust-auth';
  for (const service of services) await applyMigrations(url.toString(), service);
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
