/**
 * Each shape rule shown to fail on a small bad tree and to pass on the good one, so a rule that
 * stopped matching anything could not go unnoticed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clockFields, jobCallsUsecase, messagesReexports, persistenceOutsideDb, usecasesImportingJobs } from './skeleton-rules.js';

// The package the fixtures' files import, spelled so the dependency check does not take it for this file's own import.
const FROM_SQL = `from '${['@vrp', 'sql'].join('/')}'`;

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A src/ folder holding exactly `files`. */
function tree(files: Record<string, string>): string {
  const src = mkdtempSync(path.join(tmpdir(), 'vrp-skeleton-'));
  made.push(src);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  }
  return src;
}

describe('a: persistence, transactions included, only under db/', () => {
  it('names every file and line outside db/ that takes a transaction, raw SQL, a Queryable, writes a statement or opens a pool', () => {
    const src = tree({
      'db/things.ts': `import { rawSql, transaction, type Queryable } ${FROM_SQL};\nexport const x = 1;\n`,
      'usecases/make.ts': `import { x } from '../db/things.js';\nimport {\n  transaction,\n  type Queryable,\n} ${FROM_SQL};\n`,
      'usecases/list.ts': `import { rawSql } ${FROM_SQL};\n`,
      'handlers/h.ts': `import { onConnection as on } ${FROM_SQL};\n`,
      'jobs/j.ts': `import { createPool } ${FROM_SQL};\n`,
      'usecases/prisma.ts': `export const go = (db) => db.$transaction(async (tx) => tx);\n`,
      'usecases/due.ts': `import { rows } ${FROM_SQL};\n`,
      'jobs/sweep.ts': `export const sweep = (deps) =>\n  deps.sql.query(\n    \`UPDATE pay.things SET x = NULL\`);\n`,
      'app.ts': `import { createPool, rawSql } ${FROM_SQL};\n`,
      'deps.ts': `import type { SqlPool } ${FROM_SQL};\n`,
    });
    expect(persistenceOutsideDb(src)).toEqual([
      `app.ts:1: import { createPool, rawSql } ${FROM_SQL} (rawSql belong in db/)`,
      `handlers/h.ts:1: import { onConnection as on } ${FROM_SQL} (onConnection belong in db/)`,
      `jobs/j.ts:1: import { createPool } ${FROM_SQL} (createPool belong in db/)`,
      'jobs/sweep.ts:3: `UPDATE pay.things SET x = NULL`); (SQL belongs in db/)',
      `usecases/due.ts:1: import { rows } ${FROM_SQL} (rows belong in db/)`,
      `usecases/list.ts:1: import { rawSql } ${FROM_SQL} (rawSql belong in db/)`,
      `usecases/make.ts:2: import { transaction, type Queryable, } ${FROM_SQL} (transaction, Queryable belong in db/)`,
      'usecases/prisma.ts:1: export const go = (db) => db.$transaction(async (tx) => tx); ($transaction belongs in db/)',
    ]);
  });

  it('lets db/ do all of it, app.ts open the pool and anyone name SqlPool', () => {
    const src = tree({
      'db/things.ts': `import { onConnection, rawSql, rows, transaction, type Queryable } ${FROM_SQL};\nexport const t = (db) => db.$transaction(() => 1);\nexport const q = 'SELECT 1';\n`,
      'app.ts': `import { createPool } ${FROM_SQL};\n`,
      'deps.ts': `import type { SqlPool } ${FROM_SQL};\n`,
      'usecases/make.ts': `import type { SqlPool } ${FROM_SQL};\nimport { makeThing } from '../db/things.js';\n`,
    });
    expect(persistenceOutsideDb(src)).toEqual([]);
  });
});

describe('b: one clock name', () => {
  it('wants `clocks: SandboxClocks` and refuses `clock` and `sandboxClocks` beside it', () => {
    const bad = tree({
      'deps.ts': `export interface Deps {\n  clock: (merchantId?: string) => Date;\n  sandboxClocks: SandboxClocks;\n}\n`,
    });
    expect(clockFields(bad)).toEqual([
      'deps.ts:2: clock: (merchantId?: string) => Date; (the one clock field is `clocks: SandboxClocks`)',
      'deps.ts:3: sandboxClocks: SandboxClocks; (the one clock field is `clocks: SandboxClocks`)',
      'deps.ts:0: no `clocks: SandboxClocks` field in Deps',
    ]);
    expect(clockFields(tree({ 'app.ts': '' }))).toEqual(['deps.ts:0: missing']);
    const good = tree({ 'deps.ts': `export interface Deps {\n  /** Merchants' clocks. */\n  clocks: SandboxClocks;\n}\n` });
    expect(clockFields(good)).toEqual([]);
  });

  it('for a service keeping no merchant time, only refuses the other names', () => {
    expect(clockFields(tree({ 'deps.ts': `export interface Deps {\n  db: Db;\n}\n` }), false)).toEqual([]);
    expect(clockFields(tree({ 'deps.ts': `export interface Deps {\n  clock?: () => Date;\n}\n` }), false)).toEqual([
      'deps.ts:2: clock?: () => Date; (the one clock field is `clocks: SandboxClocks`)',
    ]);
  });
});

describe('c: the delivery attempt is a use case', () => {
  it('wants the job to call a usecases/ module of that name', () => {
    const job = 'jobs/delivery-worker.ts';
    expect(jobCallsUsecase(tree({ [job]: `import { post } from './delivery/http-post.js';\n` }), job, /deliver/)).toEqual([
      "usecases/:0: no module matching /deliver/ (the job's work as a use case)",
    ]);
    expect(jobCallsUsecase(tree({ [job]: `import { x } from './y.js';\n`, 'usecases/deliver-attempt.ts': '' }), job, /deliver/)).toEqual([
      'jobs/delivery-worker.ts:0: imports none of usecases/deliver-attempt.ts',
    ]);
    expect(jobCallsUsecase(tree({ 'usecases/deliver-attempt.ts': '' }), job, /deliver/)).toEqual(['jobs/delivery-worker.ts:0: missing']);
    expect(
      jobCallsUsecase(
        tree({ [job]: `import { deliverAttempt } from '../usecases/deliver-attempt.js';\n`, 'usecases/deliver-attempt.ts': '' }),
        job,
        /deliver/,
      ),
    ).toEqual([]);
  });

  it('refuses a use case importing a job', () => {
    const src = tree({
      'usecases/a.ts': `import { b } from '../jobs/b.js';\n`,
      'usecases/deep/c.ts': `const j = await import('../../jobs/d.js');\n`,
      'usecases/ok.ts': `import { e } from '../db/e.js';\n`,
      'jobs/b.ts': `import { ok } from '../usecases/ok.js';\n`,
    });
    expect(usecasesImportingJobs(src)).toEqual([
      "usecases/a.ts:1: import { b } from '../jobs/b.js'; (a use case may not import jobs/)",
      "usecases/deep/c.ts:1: const j = await import('../../jobs/d.js'); (a use case may not import jobs/)",
    ]);
  });
});

describe('d: messages.ts is mappers, not a re-export layer', () => {
  it('names every `export … from` line', () => {
    const src = tree({
      'messages.ts': `import { a } from './db/a.js';\nexport * from './db/m.js';\nexport { toX,\n  UNIT } from './db/events.js';\nexport type { Row } from './db/rows.js';\nexport const toY = (r) => r;\n`,
    });
    expect(messagesReexports(src)).toEqual([
      "messages.ts:2: export * from './db/m.js' (write the mapper here, or import it where it is used)",
      "messages.ts:3: export { toX, UNIT } from './db/events.js' (write the mapper here, or import it where it is used)",
      "messages.ts:5: export type { Row } from './db/rows.js' (write the mapper here, or import it where it is used)",
    ]);
    expect(messagesReexports(tree({ 'messages.ts': `import { a } from './db/a.js';\nexport const toY = (r) => a(r);\n` }))).toEqual([]);
    expect(messagesReexports(tree({ 'app.ts': '' }))).toEqual([]);
  });
});
