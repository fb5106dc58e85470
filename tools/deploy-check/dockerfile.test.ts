// deploy/docker/Dockerfile, checked structurally (CI has no Docker engine; deploy/docker/README.md
// records a real build): syntax that the classic builder and BuildKit both read, no image pulled
// but the base, service images holding Node and their bundle only, the tools image holding the
// migration tooling and the CLI, and an ignore file that keeps out what must not be sent.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthcheckCommand, ofKind, parseDockerfile } from './dockerfile.js';
import { readRepoFile, repoRoot } from './platform.js';

const text = readRepoFile('deploy/docker/Dockerfile');
const df = parseDockerfile(text);
const stage = (name: string) => df.stages.find((s) => s.name === name);
const runs = (name: string) => ofKind(stage(name), 'RUN').map((i) => i.args);
const copies = (name: string) => ofKind(stage(name), 'COPY').map((i) => i.args);
const all = df.stages.flatMap((s) => s.instructions);

describe('Dockerfile', () => {
  it('reads with the classic builder and BuildKit alike: no frontend, heredoc, RUN --mount or BuildKit-only COPY flag', () => {
    expect(df.directives).toEqual({});
    expect(text).not.toMatch(/^#\s*syntax\s*=/im);
    expect(text).not.toMatch(/<<-?['"]?\w+/);
    for (const ins of all) {
      expect(`${ins.keyword} ${ins.args}`).not.toMatch(/^RUN\s+--/);
      if (ins.keyword === 'COPY' || ins.keyword === 'ADD') expect(ins.args).not.toMatch(/--(parents|chmod|link|exclude)\b/);
      expect(ins.keyword, 'ADD can fetch URLs').not.toBe('ADD');
    }
  });

  it('pulls no image but NODE_IMAGE, the exact Node of .nvmrc pinned by digest: every other FROM and COPY --from is a stage of its own or scratch', () => {
    const nodeVersion = readRepoFile('.nvmrc').trim();
    const base = df.globals.find((g) => g.keyword === 'ARG' && g.args.startsWith('NODE_IMAGE='))!.args;
    expect(base).toMatch(new RegExp(`^NODE_IMAGE=node:${nodeVersion.replaceAll('.', '\\.')}-bookworm-slim@sha256:[0-9a-f]{64}$`));
    // The comment above it says how to refresh the digest.
    expect(text).toMatch(/#.*refresh[\s\S]*#\s+docker buildx imagetools inspect node:[\s\S]*ARG NODE_IMAGE=/);
    expect(df.globals.filter((g) => g.keyword !== 'ARG')).toEqual([]);
    const names: string[] = [];
    for (const s of df.stages) {
      expect(['${NODE_IMAGE}', 'scratch', ...names], `FROM of ${s.name}`).toContain(s.from);
      for (const c of ofKind(s, 'COPY').filter((i) => i.args.includes('--from'))) {
        expect(names, c.args).toContain(/--from=(\S+)/.exec(c.args)![1]);
      }
      names.push(s.name);
    }
  });

  it('has its stages in order: the tools stages before anything needing SERVICE (the classic builder builds every earlier stage), the service runtime last as the default target', () => {
    expect(df.stages.map((s) => s.name)).toEqual([
      'manifests',
      'builder',
      'tools-assemble',
      'tools',
      'node-runtime',
      'assemble',
      'runtime',
    ]);
  });

  it('declares ARG SERVICE in every stage that uses it (ARGs do not cross FROM), and not in the shared builder', () => {
    const using = df.stages.filter((s) => s.instructions.some((i) => i.keyword !== 'ARG' && /\$\{?SERVICE\b/.test(i.args)));
    expect(using.map((s) => s.name)).toEqual(['assemble', 'runtime']);
    for (const s of using) {
      const argAt = s.instructions.findIndex((i) => i.keyword === 'ARG' && /^SERVICE\b/.test(i.args));
      const firstUse = s.instructions.findIndex((i) => i.keyword !== 'ARG' && /\$\{?SERVICE\b/.test(i.args));
      expect(argAt, `stage ${s.name}`).toBeGreaterThanOrEqual(0);
      expect(argAt, `stage ${s.name}`).toBeLessThan(firstUse);
    }
  });

  it('installs with npm ci --ignore-scripts (exactly the lockfile) from the manifests alone, never npm install', () => {
    expect(all.map((i) => i.args).join('\n')).not.toMatch(/\bnpm (install|i)\b/);
    expect(runs('manifests').join('\n')).toMatch(
      /cp --parents package\.json package-lock\.json tools\/package\.json packages\/\*\/package\.json services\/\*\/package\.json \/out\//,
    );
    const builder = stage('builder')!.instructions.map((i) => `${i.keyword} ${i.args}`);
    const at = (re: RegExp) => builder.findIndex((l) => re.test(l));
    expect(at(/^COPY --from=manifests \/out\/ \.\/$/)).toBeLessThan(at(/^RUN npm ci --ignore-scripts/));
    expect(at(/^RUN npm ci --ignore-scripts/)).toBeLessThan(at(/^COPY \. \.$/));
  });

  it('generates code with the project codegen, then bundles every service and the CLI', () => {
    const steps = runs('builder');
    const at = (re: RegExp) => steps.findIndex((r) => re.test(r));
    expect(at(/^bash tools\/codegen\/generate\.sh$/)).toBeGreaterThan(-1);
    expect(at(/for dir in services\/\*\/; do npx tsx tools\/build\/bundle\.ts "\$dir"/)).toBeGreaterThan(at(/generate\.sh/));
    expect(steps.join('\n')).toContain('npx tsx tools/build/bundle.ts services/gateway src/cli/main.ts dist-cli/vrp.js');
    expect(steps.join('\n')).toMatch(/cd packages\/console && NODE_ENV=production npx vite build/);
  });

  it('builds each service image from scratch: Node with the libraries ldd lists, then the service bundle alone', () => {
    expect(stage('runtime')!.from).toBe('scratch');
    expect(copies('runtime')).toEqual(['--from=node-runtime /rootfs/ /', '--from=assemble /out/app/ /app/']);
    const nodeRoot = runs('node-runtime').join('\n');
    expect(nodeRoot).toContain('cp /usr/local/bin/node /rootfs/usr/local/bin/node');
    expect(nodeRoot).toMatch(/for lib in \$\(ldd \/usr\/local\/bin\/node/);
    expect(nodeRoot).not.toMatch(/node_modules|npm/);
    // What assemble lays out under /out/app: the bundle (and its map), the healthcheck, the gateway's console.
    const assemble = runs('assemble').join('\n');
    expect(assemble).toContain('cp -a "services/${SERVICE}/dist/." /out/app/');
    expect(assemble).toContain('cp tools/build/container-healthcheck.mjs /out/app/healthcheck.mjs');
    expect(assemble).toMatch(/if \[ "\$\{SERVICE\}" = gateway \]; then cp -a packages\/console\/dist \/out\/app\/console; fi/);
    expect(new Set([...assemble.matchAll(/\/out\/app\/?\S*/g)].map((m) => m[0]))).toEqual(
      new Set(['/out/app', '/out/app/', '/out/app/console;', '/out/app/healthcheck.mjs', '/out/app/sbom.cdx.json']),
    );
    expect(assemble).not.toMatch(/node_modules/);
  });

  it('gives every image a CycloneDX SBOM of what it holds: a service its workspace’s production dependencies, tools the workspace', () => {
    expect(runs('assemble').join('\n')).toContain(
      'npx cyclonedx-npm --omit dev --workspace "services/${SERVICE}" --output-format JSON --output-file /out/app/sbom.cdx.json',
    );
    expect(runs('tools-assemble').join('\n')).toContain('npx cyclonedx-npm --output-format JSON --output-file /out/app/sbom.cdx.json');
    // The generator is pinned in the lockfile that npm ci installs from.
    const root = JSON.parse(readRepoFile('package.json')) as { devDependencies: Record<string, string> };
    expect(root.devDependencies['@cyclonedx/cyclonedx-npm']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('labels every image with the OCI annotations scanners and registries read', () => {
    for (const name of ['runtime', 'tools']) {
      const labels = ofKind(stage(name), 'LABEL')
        .map((l) => l.args)
        .join(' ');
      for (const key of ['title', 'description', 'version', 'revision', 'created', 'source', 'licenses', 'base.name'])
        expect(labels, `${name} ${key}`).toMatch(new RegExp(`org\\.opencontainers\\.image\\.${key.replace('.', '\\.')}="[^"]+"`));
      // Build arguments reach a stage only when it declares them.
      for (const arg of ['VERSION', 'REVISION', 'CREATED', 'SOURCE', 'NODE_IMAGE'])
        expect(
          ofKind(stage(name), 'ARG').map((a) => a.args),
          `${name} ARG ${arg}`,
        ).toContain(arg);
    }
  });

  it('runs a service bundle as a non-root user in production mode, with a healthcheck', () => {
    const runtime = stage('runtime');
    const env = ofKind(runtime, 'ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/PATH=\/usr\/local\/bin/);
    expect(ofKind(runtime, 'USER').at(-1)?.args).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(ofKind(runtime, 'WORKDIR').at(-1)?.args).toBe('/app');
    expect(ofKind(runtime, 'CMD').at(-1)?.args).toBe('["node", "main.js"]');
    // Liveness, like the chart's livenessProbe: probes.test.ts runs this very command against a
    // service whose Postgres is down.
    expect(healthcheckCommand(runtime)).toEqual(['node', '/app/healthcheck.mjs', 'liveness']);
  });

  it('puts the migration tooling and the operator CLI in the tools image, with vrp-migrate and vrp on PATH', () => {
    const tools = runs('tools-assemble').join('\n');
    expect(tools).toContain('node tools/build/copy-packages.mjs /app /out/app prisma @prisma/adapter-pg-7 pg');
    expect(tools).toMatch(/for config in services\/\*\/prisma\.config\.ts; do/);
    expect(tools).toContain('cp -a "$dir/prisma" "$config" "/out/app/$dir/"');
    expect(tools).toContain('cp -a services/gateway/dist-cli /out/app/cli');
    expect(tools).toContain('cp tools/build/ensure-schema.mjs /out/app/ensure-schema.mjs');
    expect(tools).toContain('cp tools/build/vrp-migrate.sh /out/usr/local/bin/vrp-migrate');
    expect(tools).toContain(String.raw`printf '#!/bin/sh\nexec node /app/cli/vrp.js "$@"\n' > /out/usr/local/bin/vrp`);
    expect(copies('tools')).toEqual(['--from=tools-assemble /out/ /']);
    expect(ofKind(stage('tools'), 'USER').at(-1)?.args).toBe('1000:1000');
    expect(ofKind(stage('tools'), 'CMD').at(-1)?.args).toBe('["vrp", "--help"]');
  });

  it('copies only files that exist in the repo', () => {
    const local = all.filter((c) => c.keyword === 'COPY' && !c.args.includes('--from'));
    const sources = local.flatMap((c) => c.args.replace(/--\S+/g, '').trim().split(/\s+/).slice(0, -1));
    for (const src of sources.filter((s) => !s.includes('*') && s !== '.')) expect(existsSync(join(repoRoot, src)), src).toBe(true);
    const named = all.flatMap((i) => [...i.args.matchAll(/\btools\/[\w/.-]+\.(?:mjs|sh|ts)\b/g)].map((m) => m[0]));
    expect(named.length).toBeGreaterThan(5);
    for (const file of named) expect(existsSync(join(repoRoot, file)), file).toBe(true);
  });
});

describe('.dockerignore (the context is the repo root; both builders read it there)', () => {
  const patterns = readRepoFile('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  // Docker's matching, as far as these patterns use it: `**/` is any depth, `*` one segment, and
  // a pattern naming a directory covers everything below it, and the last matching pattern wins
  // (`!` re-includes).
  const toRegExp = (p: string) => {
    const body = p
      .replace(/[.+^$()|[\]]/g, '\\$&')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?');
    return new RegExp(`^${body}(?:/.*)?$`);
  };
  const ignored = (path: string) =>
    patterns.reduce(
      (out, p) => (p.startsWith('!') ? (toRegExp(p.slice(1)).test(path) ? false : out) : toRegExp(p).test(path) || out),
      false,
    );

  it('is the only ignore file (BuildKit would prefer a Dockerfile.dockerignore the classic builder never reads)', () => {
    expect(readdirSync(join(repoRoot, 'deploy/docker')).filter((f) => f.endsWith('.dockerignore'))).toEqual([]);
  });

  it('keeps host installs, build output, generated code and git history out of the context', () => {
    for (const path of [
      'node_modules/x',
      'services/payment/node_modules/x',
      'services/payment/dist/main.js',
      'packages/contracts/src/gen/a.ts',
      'services/payment/src/generated/prisma/client.ts',
      '.git/HEAD',
      '.vrp/node/x',
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
      'packages/console/index.html',
      'services/payment/src/main.ts',
      'services/payment/prisma/schema.prisma',
      'services/payment/prisma.config.ts',
      'services/gateway/src/generated/sql/merchants.queries.ts',
      'services/refund/src/generated/sql/refunds.queries.ts',
      'services/webhook/src/generated/sql/delivery-sql.queries.ts',
      'services/schedule/src/generated/sql/cycles.queries.ts',
      'services/bank-connector/src/generated/sql/payments.queries.ts',
      'services/payment/src/generated/sql/payments.queries.ts',
      'services/model-bank/src/generated/sql/accounts.queries.ts',
      'tools/codegen/generate.sh',
      'tools/build/bundle.ts',
      'tools/build/copy-packages.mjs',
      'tools/build/container-healthcheck.mjs',
      'tools/build/ensure-schema.mjs',
      'tools/build/vrp-migrate.sh',
      'tsconfig.base.json',
    ]) {
      expect(ignored(path), path).toBe(false);
    }
  });
});

describe('tools/build/copy-packages.mjs', () => {
  const root = mkdtempSync(join(tmpdir(), 'vrp-copy-packages-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const script = join(repoRoot, 'tools/build/copy-packages.mjs');
  const pkg = (dir: string, manifest: object) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
  };
  // a needs b (hoisted) and c, whose own copy is nested under a; b has an optional dependency
  // that is not installed and an optional peer; d is installed but needed by nobody.
  pkg('from/node_modules/a', { name: 'a', dependencies: { b: '1', c: '2' } });
  pkg('from/node_modules/a/node_modules/c', { name: 'c', version: '2' });
  pkg('from/node_modules/c', { name: 'c', version: '1' });
  pkg('from/node_modules/b', {
    name: 'b',
    dependencies: { '@scope/e': '1' },
    optionalDependencies: { 'not-for-this-platform': '1' },
    peerDependencies: { typescript: '5' },
    peerDependenciesMeta: { typescript: { optional: true } },
  });
  pkg('from/node_modules/@scope/e', { name: '@scope/e' });
  pkg('from/node_modules/d', { name: 'd' });
  pkg('from/node_modules/typescript', { name: 'typescript' });

  it('copies the packages and what they need at run time, each at its own path, and nothing else', () => {
    const r = spawnSync(process.execPath, [script, join(root, 'from'), join(root, 'to'), 'a'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('copy-packages: 4 packages for a\n');
    expect(readdirSync(join(root, 'to/node_modules')).sort()).toEqual(['@scope', 'a', 'b']);
    expect(existsSync(join(root, 'to/node_modules/a/node_modules/c/package.json'))).toBe(true);
    expect(existsSync(join(root, 'to/node_modules/@scope/e/package.json'))).toBe(true);
  });

  it('fails on a package that is not installed', () => {
    const r = spawnSync(process.execPath, [script, join(root, 'from'), join(root, 'to2'), 'a', 'missing'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/copy-packages: missing is not installed/);
  });
});
