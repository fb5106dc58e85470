// The migration Job's command, taken literally from templates/migrations.yaml (`vrp-migrate
// <service>`), run on a fresh Postgres database against a directory laid out like the tools
// image's /app: services/<svc>/prisma*, ensure-schema.mjs and node_modules. vrp-migrate creates
// the schema, then runs the stock `prisma migrate deploy`. The fixture service follows the
// services' prisma.config.ts pattern (search_path = own schema).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** The Job's container command from the chart, rendered for SERVICE. */
function jobCommand(): string[] {
  const template = readRepoFile('deploy/helm/vrp/templates/migrations.yaml').replaceAll('{{ $name }}', SERVICE);
  const commands = [...template.matchAll(/^\s+command: (\[.*\])$/gm)].map((m) => JSON.parse(m[1]!) as string[]);
  if (commands.length !== 1 || commands[0]![0] !== 'vrp-migrate')
    throw new Error(`migrations.yaml: expected one vrp-migrate command, got ${JSON.stringify(commands)}`);
  return commands[0]!;
}

describe('migration Job command', () => {
  let app: string;
  let bin: string;
  let db: TestDatabase;
  const run = (args: string[], env: Record<string, string> = { DATABASE_URL: db.url }) =>
    spawnSync(args[0]!, args.slice(1), {
      cwd: tmpdir(),
      encoding: 'utf8',
      timeout: 120_000,
      // As in the image: vrp-migrate on PATH, /app (here VRP_APP) holding what it runs.
      env: { PATH: `${bin}:${process.env.PATH}`, VRP_APP: app, HOME: app, CHECKPOINT_DISABLE: '1', ...env },
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
    copyFileSync(join(repoRoot, 'tools/build/ensure-schema.mjs'), join(app, 'ensure-schema.mjs'));
    bin = join(app, 'bin');
    mkdirSync(bin);
    copyFileSync(join(repoRoot, 'tools/build/vrp-migrate.sh'), join(bin, 'vrp-migrate'));
    chmodSync(join(bin, 'vrp-migrate'), 0o755);
  });
  afterAll(async () => {
    await db?.drop();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('refuses an unknown service and a missing DATABASE_URL, naming the services it knows', () => {
    const unknown = run(['vrp-migrate', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("vrp-migrate: unknown service 'nope'");
    expect(unknown.stderr).toContain(`usage: vrp-migrate <${SERVICE}|all>`);
    const noUrl = run(['vrp-migrate', SERVICE], {});
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toContain('DATABASE_URL is not set');
  });

  it('creates the schema, then applies the migrations into it; a second run changes nothing', async () => {
    const r = run(jobCommand());
    expect(r.stdout + r.stderr).toContain(`ensure-schema: created schema ${SCHEMA}`);
    expect(r.stdout + r.stderr).toMatch(/All migrations have been successfully applied/);
    expect(r.status).toBe(0);
    expect(await tablesIn(SCHEMA)).toEqual(['Probe', '_prisma_migrations']);
    expect(await tablesIn('public')).toEqual([]);
    const again = run(jobCommand());
    expect(again.stdout).toContain(`ensure-schema: schema ${SCHEMA} exists`);
    expect(again.stdout + again.stderr).toMatch(/No pending migrations to apply/);
    expect(again.status).toBe(0);
  }, 120_000); // the Prisma CLI lingers ~10 s on a timer of its wasm engine
});
