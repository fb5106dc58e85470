// tools/build/bundle.ts, run for real through its CLI on a fixture service outside the
// workspace and on the real operator CLI: a bundle carries @vrp/* and every npm package inside
// it, provides `require`, and runs under plain node with no node_modules anywhere above it, as
// in a service image (which holds Node and the bundle only).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { platform, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './platform.js';

const tsxCli = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const bundleScript = join(repoRoot, 'tools/build/bundle.ts');
const run = (args: string[], cwd: string) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 60_000 });
const bundle = (arg: string, cwd: string) => run([tsxCli, bundleScript, arg], cwd);
/** Directories from `dir` up whose node_modules Node would search. */
const ancestorsWithNodeModules = (dir: string): string[] =>
  dir === dirname(dir) ? [] : [...(existsSync(join(dir, 'node_modules')) ? [dir] : []), ...ancestorsWithNodeModules(dirname(dir))];

const FIXTURE_MAIN = `
import { createHash } from 'node:crypto';
import { formatAmount, parseAmount } from '@vrp/money';
import { parse } from 'yaml';

// A CommonJS-style require in an ESM bundle only works thanks to the createRequire banner.
const os = require('node:os') as typeof import('node:os');
const parsed = parseAmount('10.50', 'GBP');
console.log(JSON.stringify({
  minor: parsed.ok ? parsed.minor.toString() : parsed.problem,
  formatted: formatAmount(123456n, 'JPY'),
  sha: createHash('sha256').update('vrp').digest('hex'),
  yaml: parse('answer: 42').answer,
  platform: os.platform(),
}));
`;

describe('tools/build/bundle.ts', { timeout: 30_000 }, () => {
  let service: string;
  beforeAll(() => {
    service = mkdtempSync(join(tmpdir(), 'vrp-bundle-'));
    mkdirSync(join(service, 'src'));
    writeFileSync(join(service, 'src/main.ts'), FIXTURE_MAIN);
  });
  afterAll(() => rmSync(service, { recursive: true, force: true }));

  it('bundles `.` from the service directory and prints the output path and size', () => {
    const r = bundle('.', service);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^bundled dist\/main\.js \(\d+\.\d KiB\)$/);
    for (const f of ['dist/main.js', 'dist/main.js.map', 'dist/package.json']) expect(existsSync(join(service, f)), f).toBe(true);
  });

  it('inlines @vrp/* and npm packages, keeping only builtins as imports', () => {
    const out = readFileSync(join(service, 'dist/main.js'), 'utf8');
    expect(out.startsWith("import { createRequire as __vrpCreateRequire } from 'node:module';")).toBe(true);
    expect(out).not.toMatch(/from "yaml"/);
    expect(out).toMatch(/from "node:crypto"/);
    expect(out).not.toMatch(/["']@vrp\/money["']/);
    expect(out).toContain('function parseAmount(');
  });

  it('produces a bundle that runs under plain node with no node_modules', () => {
    expect(ancestorsWithNodeModules(service)).toEqual([]);
    const r = run(['dist/main.js'], service);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      minor: '1050',
      formatted: '123456',
      sha: createHash('sha256').update('vrp').digest('hex'),
      yaml: 42,
      platform: platform(),
    });
  });

  it('accepts a path relative to the cwd, as the Dockerfile calls it from the repo root', () => {
    const r = bundle(relative(repoRoot, service), repoRoot);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('dist/main.js');
  });

  it('fails with a clear message when there is no src/main.ts', () => {
    const r = bundle(join(service, 'no-such-service'), repoRoot);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^bundle: no entry point: .*no-such-service\/src\/main\.ts does not exist/m);
  });

  it('fails when esbuild cannot compile the entry', () => {
    const broken = mkdtempSync(join(tmpdir(), 'vrp-bundle-broken-'));
    try {
      mkdirSync(join(broken, 'src'));
      writeFileSync(join(broken, 'src/main.ts'), "import { nothing } from './missing.js';\nconsole.log(nothing);\n");
      const r = bundle('.', broken);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/Could not resolve "\.\/missing\.js"/);
      expect(r.stderr).toMatch(/bundle: esbuild failed to bundle/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('bundles another entry to another file: the operator CLI runs from a bare directory', { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'vrp-cli-'));
    try {
      const r = run([tsxCli, bundleScript, 'services/gateway', 'src/cli/main.ts', join(out, 'vrp.js')], repoRoot);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual(['package.json', 'vrp.js', 'vrp.js.map']);
      expect(ancestorsWithNodeModules(out)).toEqual([]);
      // Loading the CLI loads its whole graph: Prisma's client and query compiler, pg, connect.
      const help = run([join(out, 'vrp.js'), '--help'], out);
      expect(help.stderr).toBe('');
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage: vrp <command>/);
      expect(help.stdout).toContain('merchants create');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('prints usage without a service directory', () => {
    const r = bundle('', repoRoot);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^usage: /);
  });
});
