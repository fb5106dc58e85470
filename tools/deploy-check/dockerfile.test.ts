// deploy/docker/Dockerfile, checked structurally (no Docker engine here): its stages, the
// SERVICE build argument in every stage that uses it, the build steps, the runtime contract,
// and an ignore file that keeps out what must not be sent while keeping what the build reads.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ofKind, parseDockerfile } from './dockerfile.js';
import { readRepoFile, repoRoot } from './platform.js';

const df = parseDockerfile(readRepoFile('deploy/docker/Dockerfile'));
const stage = (name: string) => df.stages.find((s) => s.name === name);
const runs = (name: string) => ofKind(stage(name), 'RUN').map((i) => i.args);

describe('Dockerfile', () => {
  it('uses a BuildKit syntax new enough for COPY --parents and heredocs', () => {
    expect(df.directives.syntax).toMatch(/^docker\/dockerfile:1\.(2\d|[3-9]\d)/);
  });

  it('has the builder, deps and runtime stages, on node:20-bookworm-slim, runtime last', () => {
    expect(df.stages.map((s) => s.name)).toEqual(['manifests', 'builder', 'deps', 'assemble', 'runtime']);
    expect(df.globals.map((g) => g.args)).toContain('NODE_IMAGE=node:20-bookworm-slim');
    for (const name of ['builder', 'deps', 'runtime']) expect(stage(name)?.from).toBe('${NODE_IMAGE}');
  });

  it('declares ARG SERVICE in every stage that uses it (ARGs do not cross FROM)', () => {
    const using = df.stages.filter((s) => s.instructions.some((i) => i.keyword !== 'ARG' && /\$\{?SERVICE\b/.test(i.args)));
    expect(using.map((s) => s.name)).toEqual(expect.arrayContaining(['builder', 'assemble', 'runtime']));
    for (const s of using) {
      const argAt = s.instructions.findIndex((i) => i.keyword === 'ARG' && /^SERVICE\b/.test(i.args));
      const firstUse = s.instructions.findIndex((i) => i.keyword !== 'ARG' && /\$\{?SERVICE\b/.test(i.args));
      expect(argAt, `stage ${s.name}`).toBeGreaterThanOrEqual(0);
      expect(argAt, `stage ${s.name}`).toBeLessThan(firstUse);
    }
  });

  it('installs with npm install --ignore-scripts, never npm ci', () => {
    const all = df.stages.flatMap((s) => s.instructions.map((i) => i.args)).join('\n');
    expect(all).not.toMatch(/\bnpm ci\b/);
    expect(runs('builder').some((r) => /npm install --ignore-scripts/.test(r))).toBe(true);
    expect(runs('deps').some((r) => /npm install --omit=dev --ignore-scripts/.test(r))).toBe(true);
  });

  it('generates code, then bundles the chosen service', () => {
    const steps = runs('builder');
    const at = (re: RegExp) => steps.findIndex((r) => re.test(r));
    expect(at(/cd proto && npx buf generate/)).toBeGreaterThan(-1);
    expect(steps[at(/prisma generate/)]).toMatch(/if \[ -d "services\/\$\{SERVICE\}\/prisma" \]/);
    expect(steps[at(/prisma generate/)]).toContain('--config "services/${SERVICE}/prisma.config.ts"');
    expect(at(/npx tsx tools\/build\/bundle\.ts "services\/\$\{SERVICE\}"/)).toBeGreaterThan(at(/prisma generate/));
  });

  it('keeps the Prisma CLI in the production install for the migration Job', () => {
    expect(runs('deps').join('\n')).toMatch(/promote-to-runtime\.mjs package\.json prisma @prisma\/adapter-pg-7/);
    const assemble = runs('assemble').join('\n');
    expect(assemble).toMatch(/cp -a \/tmp\/service\/prisma \/tmp\/service\/prisma\.config\.ts/);
    expect(assemble).toMatch(/\/tmp\/service\/dist/);
    // The chart runs these by their image paths: /app/ensure-schema.mjs and /app/healthcheck.mjs.
    const copies = ofKind(stage('assemble'), 'COPY').map((c) => c.args);
    expect(copies).toContain('tools/build/ensure-schema.mjs /out/app/ensure-schema.mjs');
    expect(copies).toContain('tools/build/container-healthcheck.mjs /out/app/healthcheck.mjs');
  });

  it('runs the bundle as a non-root user in production mode, with a healthcheck', () => {
    const runtime = stage('runtime');
    expect(
      ofKind(runtime, 'ENV')
        .map((e) => e.args)
        .join(' '),
    ).toMatch(/NODE_ENV=production/);
    expect(ofKind(runtime, 'USER').at(-1)?.args).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(ofKind(runtime, 'WORKDIR').at(-1)?.args).toBe('/app/services/${SERVICE}');
    expect(ofKind(runtime, 'CMD').at(-1)?.args).toBe('["node", "dist/main.js"]');
    expect(ofKind(runtime, 'HEALTHCHECK').at(-1)?.args).toMatch(/CMD \["node", "\/app\/healthcheck\.mjs"\]/);
  });

  it('copies only files that exist in the repo', () => {
    const local = df.stages.flatMap((s) => ofKind(s, 'COPY')).filter((c) => !c.args.includes('--from'));
    const sources = local.flatMap((c) => c.args.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1));
    for (const src of sources.filter((s) => !s.includes('*') && s !== '.')) expect(existsSync(join(repoRoot, src)), src).toBe(true);
  });
});

describe('Dockerfile.dockerignore', () => {
  const patterns = readRepoFile('deploy/docker/Dockerfile.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  // Docker's matching, as far as these patterns use it: `**/` is any depth, `*` one segment, and
  // a pattern naming a directory covers everything below it.
  const toRegExp = (p: string) => {
    const body = p
      .replace(/[.+^$()|[\]]/g, '\\$&')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?');
    return new RegExp(`^${body}(?:/.*)?$`);
  };
  const ignored = (path: string) => patterns.some((p) => toRegExp(p).test(path));

  it('keeps host installs, build output, generated code and git history out of the context', () => {
    for (const path of [
      'node_modules/x',
      'services/payment/node_modules/x',
      'services/payment/dist/main.js',
      'packages/contracts/src/gen/a.ts',
      'services/payment/src/generated/prisma/client.ts',
      '.git/HEAD',
      '.env',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
  });

  it('keeps everything the build reads', () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'proto/buf.gen.yaml',
      'packages/money/src/index.ts',
      'services/payment/src/main.ts',
      'services/payment/prisma/schema.prisma',
      'tools/build/bundle.ts',
      'tools/build/promote-to-runtime.mjs',
      'tools/build/container-healthcheck.mjs',
      'tools/build/ensure-schema.mjs',
      'tsconfig.base.json',
    ]) {
      expect(ignored(path), path).toBe(false);
    }
  });
});

describe('tools/build/promote-to-runtime.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-promote-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(repoRoot, 'tools/build/promote-to-runtime.mjs');

  it('moves the migration tooling from devDependencies to dependencies of the root manifest', () => {
    const file = join(dir, 'package.json');
    writeFileSync(file, readRepoFile('package.json'));
    execFileSync(process.execPath, [script, file, 'prisma', '@prisma/adapter-pg-7']);
    const m = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
    expect(m.dependencies).toHaveProperty('prisma');
    expect(m.dependencies).toHaveProperty(['@prisma/adapter-pg-7']);
    expect(m.devDependencies).not.toHaveProperty('prisma');
  });

  it('fails on a name the manifest does not have', () => {
    const file = join(dir, 'package.json');
    writeFileSync(file, readRepoFile('package.json'));
    const r = spawnSync(process.execPath, [script, file, 'no-such-package'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no-such-package is in neither/);
  });
});
