// The migration Job's two commands, taken literally from templates/migrations.yaml and run on a
// fresh Postgres database in a directory laid out like the image's /app: the init container's
// ensure-schema, then the stock `npx prisma migrate deploy --config services/<svc>/prisma.config.ts`.
// The fixture service follows the services' prisma.config.ts pattern (search_path = own schema).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRepoFile, repoRoot } from './platform.js';

const SERVICE = 'deploy-check';
const SCHEMA = 'deploy_check';

const FILES: Record<string, string> = {
  'prisma.config.ts': `import { PrismaPg } from '@prisma/adapter-pg-7';
import { defineConfig } from 'prisma/config';
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () =>
    new PrismaPg({ connectionString: process.env.DATABASE_URL, options: '-c search_path=${SCHEMA}', allowExitOnIdle: true }),
});
`,
  'prisma/schema.prisma': `generator client {
  provider   = "prisma-client"
  output     = "../src/generated/prisma"
  engineType = "client"
}
datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
  schemas  = ["${SCHEMA}"]
}
model Probe {
  id String @id
  @@schema("${SCHEMA}")
}
`,
  'prisma/migrations/migration_lock.toml': 'provider = "postgresql"\n',
  'prisma/migrations/20260101000000_init/migration.sql': `CREATE SCHEMA IF NOT EXISTS "${SCHEMA}";
CREATE TABLE "${SCHEMA}"."Probe" ("id" TEXT NOT NULL, CONSTRAINT "Probe_pkey" PRIMARY KEY ("id"));
`,
};

/** The Job's container commands from the chart, rendered for SERVICE, image paths mapped to the repo. */
function jobCommands(): { schema: string[]; migrate: string[] } {
  const template = readRepoFile('deploy/helm/vrp/templates/migrations.yaml')
    .replaceAll('{{ $name | replace "-" "_" }}', SCHEMA)
    .replaceAll('{{ $name }}', SERVICE);
  const commands = [...template.matchAll(/^\s+command: (\[.*\])$/gm)].map((m) => JSON.parse(m[1]!) as string[]);
  const schema = commands.find((c) => c.includes('/app/ensure-schema.mjs'));
  const migrate = commands.find((c) => c.includes('migrate'));
  if (!schema || !migrate) throw new Error('migrations.yaml lost its ensure-schema or migrate command');
  return { schema: schema.map((a) => a.replace('/app/ensure-schema.mjs', join(repoRoot, 'tools/build/ensure-schema.mjs'))), migrate };
}

describe('migration Job commands', () => {
  let app: string;
  let db: TestDatabase;
  const run = ([cmd, ...args]: string[]) =>
    spawnSync(cmd!, args, {
      cwd: app, // the Job's workingDir, /app in the image
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH, DATABASE_URL: db.url, HOME: app, npm_config_update_notifier: 'false', CHECKPOINT_DISABLE: '1' },
    });
  const tablesIn = async (schema: string) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const r = await client.query<{ t: string }>(
        'SELECT table_name::text AS t FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
        [schema],
      );
      return r.rows.map((row) => row.t);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase([]);
    app = mkdtempSync(join(tmpdir(), 'vrp-app-'));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(join(app, 'services', SERVICE, file, '..'), { recursive: true });
      writeFileSync(join(app, 'services', SERVICE, file), text);
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
  });
  afterAll(async () => {
    await db?.drop();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('need the schema first: migrate deploy alone fails on a fresh database', () => {
    const r = run(jobCommands().migrate);
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/no schema has been selected to create in/);
  }, 60_000);

  it('create the schema (idempotently), then apply the migrations into it', async () => {
    const { schema, migrate } = jobCommands();
    expect(run(schema).stdout).toMatch(`created schema ${SCHEMA}`);
    expect(run(schema).stdout).toMatch(`schema ${SCHEMA} exists`);
    const r = run(migrate);
    expect(r.stdout + r.stderr).toMatch(/All migrations have been successfully applied/);
    expect(r.status).toBe(0);
    expect(await tablesIn(SCHEMA)).toEqual(['Probe', '_prisma_migrations']);
    expect(await tablesIn('public')).toEqual([]);
  }, 120_000); // the Prisma CLI lingers ~10 s on a timer of its wasm engine
});
