/**
 * The dependency lint of `npm test` (dependencies.test.ts): every workspace declares in its own
 * package.json each package its code imports (no reliance on what the root happens to hoist), and
 * declares nothing it does not use. Read over the import specifiers of its TypeScript and
 * JavaScript files: `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`,
 * `require('x')`, `vi.mock('x')`.
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface WorkspaceProblem {
  workspace: string;
  problem: 'undeclared' | 'unused' | 'runtime import of a devDependency';
  dependency: string;
  /** A file that imports it (undeclared, dev-only), or package.json (unused). */
  file: string;
}

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
  exports?: unknown;
  main?: string;
  bin?: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * Provided to every workspace by the root, on purpose: the one test runner of the repository
 * (each workspace's vitest.config.ts imports `vitest/config`) and the TypeScript toolchain.
 */
export const ROOT_PROVIDED = new Set(['vitest', 'typescript', '@types/node', 'tsx']);

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-cli', 'coverage', '.vrp', '.nx']);
const BUILTINS = new Set(builtinModules);
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
];

/** The package an import specifier names ('@a/b/c' -> '@a/b', 'x/y' -> 'x'); undefined for relative, absolute and builtin ones. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('#'))
    return undefined;
  if (/^[a-z]+:/i.test(specifier)) return undefined; // virtual:, data:, http: …
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTINS.has(name) ? undefined : name;
}

/**
 * Every import specifier in `text`. Comments and template literals are stripped first: examples in
 * prose, and code a generator writes out (the scaffold's templates), are not this file's imports.
 */
export function importsIn(text: string): string[] {
  const code = text
    .replace(/`(?:[^`\\]|\\.)*`/g, '``')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Files only tests and tooling run: a devDependency may serve them. */
const isDevFile = (rel: string) =>
  /(^|\/)(test|tests|__tests__|bench|e2e|scripts|examples)\//.test(rel) ||
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(rel) ||
  /(^|\/)(vitest|vite|eslint|prisma)\.config\.[cm]?[jt]s$/.test(rel);

/** The problems of the workspace in `dir` (an absolute path). */
export function lintWorkspace(dir: string, root = dir): WorkspaceProblem[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const workspace = relative(root, dir) || '.';
  // A workspace nothing imports or runs from an install (no exports, main or bin) is tooling: all of it is dev.
  const toolingOnly = manifest.exports === undefined && manifest.main === undefined && manifest.bin === undefined;
  const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
  const dev = manifest.devDependencies ?? {};
  const declared = new Set([...Object.keys(runtime), ...Object.keys(dev)]);
  const problems: WorkspaceProblem[] = [];
  const imported = new Set<string>();
  const reported = new Set<string>();
  const files = filesUnder(dir);
  let mentions = Object.values(manifest.scripts ?? {}).join('\n');
  for (const file of files) {
    const rel = relative(dir, file);
    if (rel === 'package.json') continue;
    if (statSync(file).size > 2_000_000) continue;
    const text = readFileSync(file, 'utf8');
    mentions += `\n${text}`;
    if (!SOURCE.test(file)) continue;
    for (const specifier of importsIn(text)) {
      const name = packageOf(specifier);
      if (!name || name === manifest.name) continue;
      imported.add(name);
      const key = `${name}\0${rel}`;
      if (reported.has(key)) continue;
      if (!declared.has(name) && !ROOT_PROVIDED.has(name)) {
        reported.add(key);
        problems.push({ workspace, problem: 'undeclared', dependency: name, file: rel });
      } else if (!(name in runtime) && name in dev && !toolingOnly && !isDevFile(rel)) {
        reported.add(key);
        problems.push({ workspace, problem: 'runtime import of a devDependency', dependency: name, file: rel });
      }
    }
  }
  for (const name of declared) {
    if (imported.has(name)) continue;
    // Types of an imported package, or of Node.
    if (name.startsWith('@types/')) {
      const typed = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
      if (imported.has(typed) || typed === 'node') continue;
    }
    // A tool run by name (a script, a config file, a shell script, `npx …` in a test): its package or its command mentioned.
    if (mentioned(name, mentions, root)) continue;
    problems.push({ workspace, problem: 'unused', dependency: name, file: 'package.json' });
  }
  return problems;
}

/** Whether `text` names package `name` or a command it installs (from its package.json under root/node_modules). */
function mentioned(name: string, text: string, root: string): boolean {
  const file = join(root, 'node_modules', name, 'package.json');
  const bin = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { bin?: string | Record<string, string> }).bin : undefined;
  const bins = typeof bin === 'string' ? [name.replace(/^@[^/]+\//, '')] : Object.keys(bin ?? {});
  return [name, ...bins].some((n) => new RegExp(`(^|[^\\w@/.-])${escape(n)}([^\\w-]|$)`, 'm').test(text));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The workspaces of the repository at `root` (its package.json `workspaces` globs, one level deep). */
export function workspacesOf(root: string): string[] {
  const globs = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return existsSync(join(root, glob, 'package.json')) ? [join(root, glob)] : [];
    const parent = join(root, glob.slice(0, -2));
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(parent, d.name, 'package.json')))
      .map((d) => join(parent, d.name));
  });
}

/** Every workspace's problems. */
export function lintDependencies(root: string): WorkspaceProblem[] {
  return workspacesOf(root).flatMap((dir) => lintWorkspace(dir, root));
}

/**
 * The root's own declarations: each must be used by the repository as a whole (imported by a
 * root file such as eslint.config.js, run by a root script or a tools/dev shell script, named in
 * nx.json) or pin a package some workspace declares, else it is installed for nothing.
 */
export function lintRoot(root: string): WorkspaceProblem[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const declaredByWorkspaces = new Set(
    workspacesOf(root).flatMap((dir) => {
      const m = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      return Object.keys({ ...m.dependencies, ...m.devDependencies, ...m.peerDependencies, ...m.optionalDependencies });
    }),
  );
  const rootFiles = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== 'package.json' && e.name !== 'package-lock.json')
    .map((e) => join(root, e.name));
  const under = (dir: string, re: RegExp) => (existsSync(join(root, dir)) ? filesUnder(join(root, dir)).filter((f) => re.test(f)) : []);
  const scripts = [...under('tools/dev', /\.sh$/), ...under('tools/codegen', /./), ...under('deploy/docker', /Dockerfile$|\.sh$/)];
  const workspaceScripts = workspacesOf(root).flatMap((dir) =>
    Object.values((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest).scripts ?? {}),
  );
  const mentions = [
    ...Object.values(manifest.scripts ?? {}),
    ...workspaceScripts,
    ...[...rootFiles, ...scripts].map((f) => readFileSync(f, 'utf8')),
  ].join('\n');
  const imported = new Set(rootFiles.filter((f) => SOURCE.test(f)).flatMap((f) => importsIn(readFileSync(f, 'utf8')).map(packageOf)));
  const used = (name: string) => mentioned(name, mentions, root);
  const all = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return (
    all
      .filter((name) => !ROOT_PROVIDED.has(name) && !declaredByWorkspaces.has(name) && !imported.has(name) && !used(name))
      // Types of a package the repository uses.
      .filter((name) => !(name.startsWith('@types/') && [...declaredByWorkspaces, ...all].includes(name.slice('@types/'.length))))
      .map((name) => ({ workspace: '.', problem: 'unused' as const, dependency: name, file: 'package.json' }))
  );
}
