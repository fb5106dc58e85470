// The scale test's database layouts: one database shared by every service, or one per service
// (--database-per-service) with an audit database that still sees every schema.
import { randomBytes } from 'node:crypto';
import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratableServices } from '../dev/migrate.js';
import { databaseLayout, dropDatabases, prepareDatabases } from './databases.js';

const dbOf = (url: string) => new URL(url).pathname.slice(1);

describe('the scale test’s databases', () => {
  it('shares one database by default', () => {
    const layout = databaseLayout(TEST_DATABASE_ADMIN_URL, 'abc', migratableServices(), false);
    const urls = new Set(['gateway', 'mandate', 'payment', 'bank-simulator'].map(layout.urlOf));
    expect([...urls].map(dbOf)).toEqual(['vrp_scale_abc']);
    expect(layout.databases).toHaveLength(1);
    expect(layout.auditUrl).toBe(layout.urlOf('payment'));
  });

  it('gives each data-owning service a database of its own with --database-per-service', () => {
    const services = migratableServices();
    const layout = databaseLayout(TEST_DATABASE_ADMIN_URL, 'abc', services, true);
    expect(layout.urlOf('payment')).not.toBe(layout.urlOf('mandate'));
    expect(dbOf(layout.urlOf('payment'))).toBe('vrp_scale_abc_payment');
    expect(dbOf(layout.urlOf('bank-connector'))).toBe('vrp_scale_abc_connector');
    expect(new Set(services.map((s) => dbOf(layout.urlOf(s)))).size).toBe(services.length);
    // Each database is migrated with its own service's schema only.
    expect(layout.databases.every((d) => d.services.length === 1)).toBe(true);
    // The audit reads elsewhere: a database that imports every service's schema.
    expect(dbOf(layout.auditUrl)).toBe('vrp_scale_abc');
    expect(services.map(layout.urlOf)).not.toContain(layout.auditUrl);
  });

  it('migrates each service into its own database, and the audit database reads across them', async () => {
    const layout = databaseLayout(TEST_DATABASE_ADMIN_URL, randomBytes(4).toString('hex'), ['mandate', 'refund'], true);
    try {
      await prepareDatabases(layout, () => undefined);
      const schemasIn = async (url: string) => {
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        try {
          return (await db.query<{ s: string }>(`SELECT nspname::text AS s FROM pg_namespace WHERE nspname IN ('mandate', 'refund')`)).rows
            .map((r) => r.s)
            .sort();
        } finally {
          await db.end();
        }
      };
      expect(await schemasIn(layout.urlOf('mandate'))).toEqual(['mandate']);
      expect(await schemasIn(layout.urlOf('refund'))).toEqual(['refund']);
      const audit = new pg.Client({ connectionString: layout.auditUrl });
      await audit.connect();
      try {
        // The audit's cross-schema queries run unchanged.
        const { rows } = await audit.query<{ m: number; r: number }>(
          'SELECT (SELECT count(*)::int FROM mandate.mandates) AS m, (SELECT count(*)::int FROM refund.refunds) AS r',
        );
        expect(rows).toEqual([{ m: 0, r: 0 }]);
        // Its imports are foreign tables, without the service's indexes: an index is checked in the
        // service's own database.
        const indexes = async (client: pg.Client) =>
          Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_indexes WHERE schemaname = 'refund'`)).rows[0]!.n);
        expect(await indexes(audit)).toBe(0);
        const own = new pg.Client({ connectionString: layout.urlOf('refund') });
        await own.connect();
        try {
          expect(await indexes(own)).toBeGreaterThan(0);
        } finally {
          await own.end();
        }
      } finally {
        await audit.end();
      }
    } finally {
      await dropDatabases(layout, TEST_DATABASE_ADMIN_URL);
    }
  }, 120_000);
});
