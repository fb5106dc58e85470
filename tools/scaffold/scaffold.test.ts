/**
 * The scaffold's promise, kept for real: a service it generates builds, lints and passes its own
 * tests untouched. The check runs in a scratch copy of the working tree (the real tree is never
 * written), whose node_modules links to this one's, except the workspace packages, which point
 * into the copy so the regenerated contracts are the ones compiled.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backArrows, importCircles } from '../workspace/layering.js';
import { clockFields, messagesReexports, persistenceOutsideDb, usecasesImportingJobs } from '../workspace/skeleton-rules.js';
import { scaffold, serviceNames, templateFiles } from './new-service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let copy: string;

/** The working tree as git sees it (tracked and untracked, ignored files left out), copied to `dest`. */
function copyWorkingTree(dest: string): void {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    cpSync(from, path.join(dest, file));
  }
  // node_modules: every dependency linked to this tree's, the workspace packages linked inside the copy.
  const modules = path.join(dest, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name === '@vrp') continue;
    symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  mkdirSync(path.join(modules, '@vrp'));
  for (const name of readdirSync(path.join(root, 'node_modules/@vrp'))) {
    const link = path.join(root, 'node_modules/@vrp', name);
    if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), path.join(modules, '@vrp', name));
  }
}

function run(command: string, args: string[], cwd = copy) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      NX_DAEMON: 'false',
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vrp_sandbox',
    },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.slice(-6000) };
}

describe('tools/scaffold', () => {
  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'vrp-scaffold-'));
    copyWorkingTree(copy);
  }, 120_000);
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('spells names every way they are needed, and refuses bad or taken ones', () => {
    expect(serviceNames('payout-batch')).toEqual({
      dir: 'payout-batch',
      snake: 'payout_batch',
      camel: 'payoutBatch',
      pascal: 'PayoutBatch',
      upper: 'PAYOUT_BATCH',
    });
    expect(() => serviceNames('Payout')).toThrow(/kebab-case/);
    expect(() => serviceNames('payment')).toThrow(/taken/);
  });

  it('generates a service that builds, lints and passes its tests untouched', async () => {
    const written = await scaffold(copy, 'payout-batch');
    expect(written).toEqual(
      expect.arrayContaining([
        'proto/vrp/payout_batch/v1/payout_batch.proto',
        'services/payout-batch/src/app.ts',
        'deploy/helm/vrp/values.yaml',
      ]),
    );
    await expect(scaffold(copy, 'payout-batch')).rejects.toThrow(/exists already/);
    // Every template became a file, every placeholder filled.
    expect(written).toHaveLength(templateFiles().length + 4); // and the contracts index, chart values and schema, processes
    // Every placeholder filled; pgtyped's own `{{name}}` (its config's output file name) is meant to stay.
    const unfilled = (file: string) => readFileSync(path.join(copy, file), 'utf8').replace('/{{name}}.queries.ts', '').includes('{{');
    expect(written.filter(unfilled)).toEqual([]);

    // The very shape the services keep: their entry files and folders, and every skeleton rule.
    const src = path.join(copy, 'services/payout-batch/src');
    const entries = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
        .sort();
    expect(entries(src)).toEqual(['app.ts', 'config.ts', 'deps.ts', 'index.ts', 'main.ts', 'messages.ts', 'server.ts']);
    for (const folder of ['db', 'domain', 'handlers', 'usecases']) expect(existsSync(path.join(src, folder)), folder).toBe(true);
    for (const service of ['refund', 'schedule']) {
      expect(entries(path.join(root, 'services', service, 'src')), `${service}'s entry files`).toEqual(
        expect.arrayContaining(entries(src)),
      );
    }
    expect(readFileSync(path.join(src, 'deps.ts'), 'utf8')).toMatch(/export interface Deps \{[^}]*\bclocks: SandboxClocks;/);
    expect({
      persistenceOutsideDb: persistenceOutsideDb(src),
      clockFields: clockFields(src),
      usecasesImportingJobs: usecasesImportingJobs(src),
      messagesReexports: messagesReexports(src),
      backArrows: backArrows(src),
      importCircles: importCircles(src),
    }).toEqual({
      persistenceOutsideDb: [],
      clockFields: [],
      usecasesImportingJobs: [],
      messagesReexports: [],
      backArrows: [],
      importCircles: [],
    });

    const steps: [string, string, string[], string?][] = [
      ['the contract lints', 'npx', ['--no-install', 'buf', 'lint'], path.join(copy, 'proto')],
      ['the contracts generate', 'bash', ['tools/codegen/generate.sh']],
      ['its queries are typed', 'npx', ['--no-install', 'tsx', 'tools/codegen/sql-types.ts', 'payout-batch']],
      ['it typechecks', 'npx', ['--no-install', 'tsc', '-p', 'services/payout-batch/tsconfig.json']],
      ['it lints', 'npx', ['--no-install', 'eslint', 'services/payout-batch/src', 'services/payout-batch/test']],
      ['it is formatted', 'npx', ['--no-install', 'prettier', '--check', '.']],
      ['it bundles as its image does', 'npx', ['--no-install', 'tsx', 'tools/build/bundle.ts', 'services/payout-batch']],
      ['its tests pass', 'npx', ['--no-install', 'vitest', 'run', '--project', 'payout-batch']],
      // Its own cases of the skeleton test (the other services' are theirs to keep).
      ['the skeleton check accepts it', 'npx', ['--no-install', 'vitest', 'run', 'tools/workspace/skeleton.test.ts', '-t', 'payout-batch']],
    ];
    const outputs: Record<string, string> = {};
    for (const [what, command, args, cwd] of steps) {
      const { status, output } = run(command, args, cwd);
      expect(status, `${what}:\n${output}`).toBe(0);
      outputs[what] = output;
    }
    // Its own tests really ran: the example resource's two, the domain rule's and the start-up check.
    expect(outputs['its tests pass']).toMatch(/tests: 4 passed, 0 failed, 0 skipped/);
    expect(readFileSync(path.join(copy, 'tools/dev/processes.ts'), 'utf8')).toContain(`'payout-batch': 'PAYOUT_BATCH_SERVICE_URL'`);
    expect(readFileSync(path.join(copy, 'deploy/helm/vrp/values.yaml'), 'utf8')).toMatch(
      // The next port after the chart's last (the schedule service's 50057).
      /\n {2}payout-batch:\n {4}enabled: true\n {4}protocol: grpc\n {4}port: 50058\n/,
    );
  }, 600_000);
});
