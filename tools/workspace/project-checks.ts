/**
 * The projects' typecheck and lint targets, run together where they are the same command on the
 * same settings. 31 of the 32 projects typecheck with `tsc -p tsconfig.json --noEmit` on the shared
 * base settings, and every project's program compiles the shared packages' sources again: one
 * program holding all their files checks each file once, under the very settings each project's
 * own run would use (a quarter of the time). Likewise one ESLint run over every project's lint
 * paths, with the one shared configuration, and one Prettier check over their folders. A project
 * whose target has another shape is run as its own target.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Project {
  name: string;
  /** The project's folder, relative to the root. */
  dir: string;
  scripts: Record<string, string>;
}

/** The standard typecheck command, and the only compiler options a project may add to the base for it to be grouped. */
export const STANDARD_TYPECHECK = 'tsc -p tsconfig.json --noEmit';
const STANDARD_OPTIONS = JSON.stringify({ noEmit: true });
/** `eslint <paths> && prettier --check . --ignore-path <root>/.prettierignore`. */
const STANDARD_LINT = /^eslint ((?:[\w.-]+ ?)+) && prettier --check \. --ignore-path (?:\.\.\/)+\.prettierignore$/;

/** Every workspace project (packages/*, services/*, tools) with its scripts. */
export function workspaceProjects(root: string): Project[] {
  const dirs = ['packages', 'services'].flatMap((d) => readdirSync(path.join(root, d)).map((p) => `${d}/${p}`)).concat('tools');
  return dirs
    .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
        name: string;
        scripts?: Record<string, string>;
      };
      return { name: manifest.name, dir, scripts: manifest.scripts ?? {} };
    });
}

interface TsConfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
  exclude?: string[];
}

function tsconfigOf(root: string, project: Project): TsConfig | undefined {
  const file = path.join(root, project.dir, 'tsconfig.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TsConfig) : undefined;
}

/** Whether the project's typecheck is the standard command on the base settings with noEmit only. */
export function hasStandardTypecheck(root: string, project: Project): boolean {
  const config = tsconfigOf(root, project);
  return (
    project.scripts.typecheck === STANDARD_TYPECHECK &&
    config !== undefined &&
    config.extends === path.relative(path.join(root, project.dir), path.join(root, 'tsconfig.base.json')) &&
    JSON.stringify(config.compilerOptions ?? {}) === STANDARD_OPTIONS &&
    Array.isArray(config.include)
  );
}

/**
 * Writes, under `scratch`, one tsconfig whose files are every given project's (its include and
 * exclude patterns, rooted at its folder) on the base settings; returns its path.
 */
export function combinedTsconfig(root: string, projects: Project[], scratch: string): string {
  mkdirSync(scratch, { recursive: true });
  const rel = (dir: string, pattern: string) => path.relative(scratch, path.join(root, dir, pattern));
  const configs = projects.map((p) => ({ p, config: tsconfigOf(root, p)! }));
  const file = path.join(scratch, 'tsconfig.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        extends: path.relative(scratch, path.join(root, 'tsconfig.base.json')),
        compilerOptions: JSON.parse(STANDARD_OPTIONS) as object,
        include: configs.flatMap(({ p, config }) => (config.include ?? []).map((i) => rel(p.dir, i))),
        exclude: configs.flatMap(({ p, config }) => (config.exclude ?? []).map((e) => rel(p.dir, e))),
      },
      null,
      2,
    ),
  );
  return file;
}

/** The paths (relative to the root) the project's standard lint script gives ESLint, or undefined when its lint is not the standard one. */
export function standardLintPaths(project: Project): string[] | undefined {
  const match = STANDARD_LINT.exec(project.scripts.lint ?? '');
  if (!match) return undefined;
  return match[1]!
    .trim()
    .split(' ')
    .map((p) => (p === '.' ? project.dir : `${project.dir}/${p}`));
}
