/**
 * The shape rules every service keeps that are not import layering, as functions over a service's
 * src/ folder, so the workspace's skeleton test and the scaffold's test check the very same
 * things. Each returns its offenders as "file:line: text" (file relative to src/), empty when the
 * service keeps the rule.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './layering.js';

type Line = { file: string; line: number; text: string };

const lines = (src: string, file: string): Line[] =>
  readFileSync(path.join(src, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ file, line: i + 1, text }));

const where = ({ file, line, text }: Line) => `${file}:${line}: ${text.trim()}`;

const comment = (text: string) => /^\s*(\/\/|\*|\/\*)/.test(text);

/** The names a file imports from a module, with the line of each import statement. */
function importsFrom(src: string, file: string, module: string): { names: string[]; at: Line }[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  const out: { names: string[]; at: Line }[] = [];
  const statement = /(?:^|\n)([ \t]*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"])/g;
  for (const m of text.matchAll(statement)) {
    if (m[3] !== module) continue;
    const start = m.index + m[0].indexOf(m[1]!);
    const line = text.slice(0, start).split('\n').length;
    const names = m[2]!
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean);
    out.push({ names, at: { file, line, text: m[1]!.replace(/\s+/g, ' ') } });
  }
  return out;
}

/**
 * What only db/ may take from @vrp/sql: the transaction and connection helpers, raw SQL (`rawSql`,
 * `rows`) and the Queryable a query runs on. A pool is opened once, by the composition root (app.ts, with
 * createPool), and travels as the `SqlPool` type through Deps into db/ functions, so `SqlPool` is
 * free to name; opening a pool anywhere else is not.
 */
export const PERSISTENCE_ONLY = ['transaction', 'onConnection', 'rawSql', 'rows', 'Queryable', 'createPool'];

/** A string literal that opens with an SQL statement: a query written outside db/ (run on a pool from Deps, say). */
const SQL_STATEMENT = /[`'"]\s*(?:SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\.\w+|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()/i;

/**
 * Rule a: persistence, transactions included, lives in db/. No file outside db/ imports
 * PERSISTENCE_ONLY from @vrp/sql (app.ts may import createPool, and only that), writes an SQL
 * statement or calls Prisma's `$transaction`.
 */
export function persistenceOutsideDb(src: string): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(src).filter((f) => !f.startsWith('db/'))) {
    for (const { names, at } of importsFrom(src, file, '@vrp/sql')) {
      const taken = names.filter((n) => PERSISTENCE_ONLY.includes(n) && !(file === 'app.ts' && n === 'createPool'));
      if (taken.length > 0) out.push(`${where(at)} (${taken.join(', ')} belong in db/)`);
    }
    for (const l of lines(src, file)) {
      if (/\.\$transaction\b/.test(l.text) && !comment(l.text)) out.push(`${where(l)} ($transaction belongs in db/)`);
      if (SQL_STATEMENT.test(l.text) && !comment(l.text)) out.push(`${where(l)} (SQL belongs in db/)`);
    }
  }
  return out;
}

/**
 * Rule b: one clock name. The service's Deps (deps.ts) carries the merchants' clocks as
 * `clocks: SandboxClocks` and nothing called `clock` or `sandboxClocks` beside it. With
 * `needsClocks` false (a service that keeps no merchant time) only the second half holds.
 */
export function clockFields(src: string, needsClocks = true): string[] {
  const file = 'deps.ts';
  if (!existsSync(path.join(src, file))) return [`${file}:0: missing`];
  const all = lines(src, file);
  const out = all
    .filter((l) => /^\s*(?:readonly\s+)?(clock|sandboxClocks)\??\s*:/.test(l.text))
    .map((l) => `${where(l)} (the one clock field is \`clocks: SandboxClocks\`)`);
  if (needsClocks && !all.some((l) => /^\s*(?:readonly\s+)?clocks\s*:\s*SandboxClocks\s*;/.test(l.text))) {
    out.push(`${file}:0: no \`clocks: SandboxClocks\` field in Deps`);
  }
  return out;
}

/** Rule c, second half (every service): a use case never imports a job. */
export function usecasesImportingJobs(src: string): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(src).filter((f) => f.startsWith('usecases/'))) {
    for (const l of lines(src, file)) {
      if (/(?:from\s*|import\s*\(?\s*)['"](?:\.\.\/)+jobs\//.test(l.text)) out.push(`${where(l)} (a use case may not import jobs/)`);
    }
  }
  return out;
}

/**
 * Rule c, first half (a service with a delivery job): the job's work is a use case. `job` (under
 * jobs/) imports a module of usecases/ whose name matches `usecase`.
 */
export function jobCallsUsecase(src: string, job: string, usecase: RegExp): string[] {
  if (!existsSync(path.join(src, job))) return [`${job}:0: missing`];
  const modules = sourceFiles(src).filter((f) => f.startsWith('usecases/') && usecase.test(path.posix.basename(f)));
  if (modules.length === 0) return [`usecases/:0: no module matching ${usecase} (the job's work as a use case)`];
  const called = lines(src, job).some((l) =>
    modules.some((m) => l.text.includes(`'../${m.replace(/\.ts$/, '.js')}'`) || l.text.includes(`'../${m.replace(/\.ts$/, '')}'`)),
  );
  return called ? [] : [`${job}:0: imports none of ${modules.join(', ')}`];
}

/** Rule d: messages.ts holds the row -> proto mappers themselves, not a re-export of db/'s. */
export function messagesReexports(src: string): string[] {
  const file = 'messages.ts';
  if (!existsSync(path.join(src, file))) return [];
  const text = readFileSync(path.join(src, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)([ \t]*export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s+)?from\s*['"][^'"]+['"])/g)) {
    const line = text.slice(0, m.index + m[0].indexOf(m[1]!)).split('\n').length;
    out.push(`${where({ file, line, text: m[1]!.replace(/\s+/g, ' ') })} (write the mapper here, or import it where it is used)`);
  }
  return out;
}
