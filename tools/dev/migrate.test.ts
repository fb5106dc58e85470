import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAll, migratableServices, schemaOf } from './migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Services that publish events declare the outbox model in their schema. */
const publishes = (service: string) =>
  readFileSync(path.join(root, 'services', service, 'prisma/schema.prisma'), 'utf8').includes('model OutboxEvent');

const name = `vrp_migrate_${randomBytes(4).toString('hex')}`;
const adminUrl = new URL(TEST_DATABASE_ADMIN_URL);
const url = Object.assign(new URL(TEST_DATABASE_ADMIN_URL), { pathname: `/${name}` }).toString();

describe('npm run migrate (stock prisma migrate deploy per service)', () => {
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('creates the database and every service schema with its own migration history, idempotently', async () => {
    const lines: string[] = [];
    await migrateAll(url, (l) => lines.push(l));
    await migrateAll(url, (l) => lines.push(l)); // a second deploy is a no-op
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const service of migratableServices()) {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = '_prisma_migrations'`,
          [schemaOf(service)],
        );
        expect(rows[0].n, `${service} keeps its history in its own schema`).toBe(1);
        const outbox = await client.query(`SELECT to_regclass($1)::text AS t`, [`${schemaOf(service)}.outbox_events`]);
        // Every service whose schema declares an outbox has the table, and no other service has one.
        expect(outbox.rows[0].t !== null, `${service}: outbox table present exactly when its schema declares one`).toBe(publishes(service));
      }
      expect(migratableServices().filter(publishes).sort()).toEqual(['gateway', 'mandate', 'payment', 'refund', 'schedule']);
      const pub = await client.query(`SELECT to_regclass('public._prisma_migrations')::text AS t`);
      expect(pub.rows[0].t).toBeNull();
    } finally {
      await client.end();
    }
    expect(lines.filter((l) => l.includes('up to date'))).toHaveLength(migratableServices().length * 2);
  }, 120_000);
});
