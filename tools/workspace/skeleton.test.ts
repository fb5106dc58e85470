/**
 * Every service is built from the one skeleton CONTRIBUTING.md describes, checked on the files
 * themselves so the shapes cannot drift again: the same entry files and folders, the
 * database touched only from db/, pure domain code, and no reaching into a sibling's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backArrows, eventBuilders, importCircles } from './layering.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const services = readdirSync(path.join(root, 'services')).filter((s) => existsSync(path.join(root, 'services', s, 'src/main.ts')));
const grpcServices = services.filter((s) => s !== 'gateway');
const withDatabase = services.filter((s) => existsSync(path.join(root, 'services', s, 'prisma/schema.prisma')));

/** Every .ts file under dir (generated code excluded), relative to dir. */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'generated' && name !== 'node_modules') walk(full);
      } else if (name.endsWith('.ts')) out.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return out;
}

const read = (file: string) => readFileSync(file, 'utf8');

/** Prisma model calls and raw SQL: talking to the database. */
const DATABASE_CALL =
  /\.(\$queryRaw|\$executeRaw|\$queryRawUnsafe|\$executeRawUnsafe)\b|\b(?:db|tx)\.[a-z][A-Za-z]*\.(findMany|findFirst|findUnique|findUniqueOrThrow|findFirstOrThrow|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(/;

describe('the service skeleton', () => {
  it('finds the services', () => {
    expect(services).toEqual(
      expect.arrayContaining(['gateway', 'mandate', 'payment', 'refund', 'webhook', 'bank-connector', 'model-bank']),
    );
  });

  it.each(services)('%s has the entry files every service has', (service) => {
    const src = path.join(root, 'services', service, 'src');
    const files = ['main.ts', 'config.ts', 'app.ts', 'deps.ts', 'index.ts', 'server.ts'].filter((f) => !existsSync(path.join(src, f)));
    expect(files, `missing in services/${service}/src`).toEqual([]);
  });

  it.each(grpcServices)('%s keeps its code in the common folders, named the common way', (service) => {
    const src = path.join(root, 'services', service, 'src');
    const allowed = new Set(['db', 'domain', 'handlers', 'usecases', 'jobs', 'clients', 'generated']);
    const folders = readdirSync(src).filter((f) => statSync(path.join(src, f)).isDirectory());
    expect(
      folders.filter((f) => !allowed.has(f)),
      `unexpected folders in services/${service}/src`,
    ).toEqual([]);
    expect(existsSync(path.join(src, 'messages.ts')), `services/${service}/src/messages.ts (row -> proto mappers)`).toBe(
      withDatabase.includes(service),
    );
    expect(read(path.join(src, 'deps.ts')) + read(path.join(src, 'app.ts'))).toMatch(/export interface Deps\b|export type \w+ = Started</);
  });

  it.each(services)('%s starts through startUp, so a failed start releases what it started', (service) => {
    expect(read(path.join(root, 'services', service, 'src/app.ts'))).toMatch(/return startUp\(/);
  });

  it.each(withDatabase)('%s talks to its database only from db/', (service) => {
    const src = path.join(root, 'services', service, 'src');
    const offenders = sources(src)
      .filter((f) => !f.startsWith('db/') && !f.endsWith('.spec.ts'))
      .flatMap((f) =>
        read(path.join(src, f))
          .split('\n')
          .map((line, i) => ({ where: `${f}:${i + 1}`, line })),
      )
      .filter(({ line }) => DATABASE_CALL.test(line))
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it.each(services)('%s keeps domain/ pure: no database, transport or web framework', (service) => {
    const domain = path.join(root, 'services', service, 'src/domain');
    const impure = sources(domain)
      .filter((f) => /from '(\.\.\/db\/|\.\.\/generated\/|\.\.\/handlers\/|@connectrpc\/|express|pg')/.test(read(path.join(domain, f))))
      .map((f) => `domain/${f}`);
    expect(impure).toEqual([]);
  });

  it('never lets a service or test import another service by path (only by package name)', () => {
    const offenders = services.flatMap((service) => {
      const dir = path.join(root, 'services', service);
      return [...sources(path.join(dir, 'src')).map((f) => `src/${f}`), ...sources(path.join(dir, 'test')).map((f) => `test/${f}`)]
        .filter((f) =>
          /from '(\.\.\/)+(\.\.\/)(?:mandate|payment|refund|webhook|bank-connector|model-bank|gateway)\/(?:src|test)\//.test(
            read(path.join(dir, f)),
          ),
        )
        .map((f) => `services/${service}/${f}`);
    });
    expect(offenders).toEqual([]);
  });

  it.each(services)(
    '%s imports only down its layers: domain/ -> db/ -> messages.ts -> usecases/ -> handlers/, jobs/ -> server.ts -> app.ts -> main.ts',
    (service) => {
      expect(
        backArrows(path.join(root, 'services', service, 'src')),
        `imports that run back up in services/${service}/src (file -> import)`,
      ).toEqual([]);
    },
  );

  it.each(services)('%s has no import circles', (service) => {
    expect(importCircles(path.join(root, 'services', service, 'src')), `circles in services/${service}/src`).toEqual([]);
  });

  it.each(services)('%s builds its domain events in one module', (service) => {
    const builders = eventBuilders(path.join(root, 'services', service, 'src'));
    expect(
      [...builders.keys()].length,
      `modules building events in services/${service}/src:\n${[...builders.values()].flat().join('\n')}`,
    ).toBeLessThanOrEqual(1);
  });
});
