/**
 * Every service is built from the one skeleton CONTRIBUTING.md describes, checked on the files
 * themselves so the shapes cannot drift again: the same entry files and folders, the
 * database touched only from db/ (transactions included), one clock name, pure domain code,
 * messages.ts as mappers rather than re-exports, and no reaching into a sibling's files. The rules
 * themselves live in layering.ts and skeleton-rules.ts, each shown failing on a bad tree in
 * skeleton-rules.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backArrows, eventBuilders, importCircles } from './layering.js';
import { clockFields, jobCallsUsecase, messagesReexports, persistenceOutsideDb, usecasesImportingJobs } from './skeleton-rules.js';

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

/** The webhook's delivery attempt as a use case: a usecases/ module named for delivering (the daily delivery report is not it). */
const DELIVERY_ATTEMPT = /^(?!.*report).*deliver/;

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

  it.each(withDatabase)('%s keeps persistence, transactions included, in db/', (service) => {
    expect(persistenceOutsideDb(path.join(root, 'services', service, 'src')), `persistence outside services/${service}/src/db`).toEqual([]);
  });

  // The gateway keeps no merchant time of its own (it forwards SetSandboxClock to the services
  // that do), so its Deps has no clocks; it still may not grow a second clock name.
  it.each(services)('%s names its clocks one way: Deps has `clocks: SandboxClocks`', (service) => {
    expect(
      clockFields(path.join(root, 'services', service, 'src'), service !== 'gateway'),
      `clock fields in services/${service}/src/deps.ts`,
    ).toEqual([]);
  });

  it('makes the webhook delivery attempt a use case the delivery job calls', () => {
    expect(
      jobCallsUsecase(path.join(root, 'services/webhook/src'), 'jobs/delivery-worker.ts', DELIVERY_ATTEMPT),
      'services/webhook/src',
    ).toEqual([]);
  });

  it.each(services)('%s has no use case importing a job', (service) => {
    expect(
      usecasesImportingJobs(path.join(root, 'services', service, 'src')),
      `use cases importing jobs/ in services/${service}/src (file:line)`,
    ).toEqual([]);
  });

  it.each(services)('%s writes its mappers in messages.ts instead of re-exporting them', (service) => {
    expect(messagesReexports(path.join(root, 'services', service, 'src')), `re-exports in services/${service}/src/messages.ts`).toEqual([]);
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
