import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSqlTypes } from './sql-types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repository (tmp/ is ignored) so the generated module resolves @pgtyped/runtime.
const work = path.join(root, 'tmp', `sql-types-${process.pid}`);

/** A folder laid out like a service's: a pgtyped.config.json and one query file. */
function fixture(name: string, sql: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'src/db/sql'), { recursive: true });
  writeFileSync(path.join(dir, 'pgtyped.config.json'), readFileSync(path.join(root, 'services/gateway/pgtyped.config.json')));
  writeFileSync(path.join(dir, 'src/db/sql/merchants.sql'), sql);
  return dir;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('SQL types from the schema', () => {
  it('types a query from the migrated schema, and a row used as the wrong type fails typecheck', async () => {
    const dir = fixture('good', '/* @name SelectMerchant */\nSELECT id, name, created_at FROM gateway.merchants WHERE id = :id!;\n');
    await generateSqlTypes('gateway', dir);
    const generated = readFileSync(path.join(dir, 'src/generated/sql/merchants.queries.ts'), 'utf8');
    expect(generated).toMatch(/export interface ISelectMerchantResult \{\s*created_at: Date;\s*id: string;\s*name: string;\s*\}/);

    // One compile (tsc is slow on a busy machine): a right use and two wrong ones; only the wrong ones fail.
    writeFileSync(
      path.join(dir, 'src/use.ts'),
      `import type { ISelectMerchantResult } from './generated/sql/merchants.queries.js';\n` +
        `export function f(row: ISelectMerchantResult) {\n` +
        `  const name: string = row.name;\n` +
        `  const when: number = row.created_at;\n` +
        `  const currency: string = row.payout_currency;\n` +
        `  return [name, when, currency];\n}\n`,
    );
    const tsc = spawnSync(
      path.join(root, 'node_modules/.bin/tsc'),
      ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', path.join(dir, 'src/use.ts')],
      { encoding: 'utf8' },
    );
    expect(tsc.status).not.toBe(0);
    const errors = tsc.stdout.split('\n').filter((l) => l.includes('error TS'));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/use\.ts\(4,.*TS2322: Type 'Date' is not assignable to type 'number'/);
    expect(errors[1]).toMatch(/use\.ts\(5,.*TS2339: Property 'payout_currency' does not exist/);
  }, 300_000);

  it('fails codegen on a query naming a column the schema does not have', async () => {
    const dir = fixture('misspelt', '/* @name SelectMerchant */\nSELECT id, nmae FROM gateway.merchants WHERE id = :id!;\n');
    await expect(generateSqlTypes('gateway', dir)).rejects.toThrow(/column "nmae" does not exist/);
  }, 120_000);

  // The typed SQL is committed (an image build has no database to generate it from): it must be
  // exactly what the queries and the migrated schema give now.
  it('keeps the committed typed SQL of every service what codegen writes', async () => {
    const services = readdirSync(path.join(root, 'services')).filter((s) =>
      existsSync(path.join(root, 'services', s, 'pgtyped.config.json')),
    );
    expect(services).toContain('gateway');
    for (const service of services) {
      const from = path.join(root, 'services', service);
      const dir = path.join(work, `committed-${service}`);
      mkdirSync(dir, { recursive: true });
      cpSync(path.join(from, 'pgtyped.config.json'), path.join(dir, 'pgtyped.config.json'));
      cpSync(path.join(from, 'src/db/sql'), path.join(dir, 'src/db/sql'), { recursive: true });
      await generateSqlTypes(service, dir);
      const generated = readdirSync(path.join(dir, 'src/generated/sql')).sort();
      expect(readdirSync(path.join(from, 'src/generated/sql')).sort(), `${service}: generated files`).toEqual(generated);
      for (const file of generated) {
        expect(
          readFileSync(path.join(from, 'src/generated/sql', file), 'utf8'),
          `services/${service}/src/generated/sql/${file} is stale: run npm run setup and commit it`,
        ).toBe(readFileSync(path.join(dir, 'src/generated/sql', file), 'utf8'));
      }
    }
  }, 120_000);
});
