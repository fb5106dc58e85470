import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { combinedTsconfig, hasStandardTypecheck, STANDARD_TYPECHECK, standardLintPaths, workspaceProjects } from './project-checks.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = path.join(root, 'tmp', `project-checks-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A workspace of two standard packages, `a` and `b`, and one with its own settings, `web`. */
function fixture(bSource: string): string {
  const dir = path.join(scratch, `ws-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  mkdirSync(path.join(dir, 'services'));
  mkdirSync(path.join(dir, 'tools'));
  writeFileSync(path.join(dir, 'tools', 'package.json'), JSON.stringify({ name: 'tools' }));
  const pkg = (name: string, source: string, options: object = { noEmit: true }) => {
    const p = path.join(dir, 'packages', name);
    mkdirSync(path.join(p, 'src'), { recursive: true });
    writeFileSync(
      path.join(p, 'package.json'),
      JSON.stringify({
        name,
        scripts: { typecheck: STANDARD_TYPECHECK, lint: 'eslint src test && prettier --check . --ignore-path ../../.prettierignore' },
      }),
    );
    writeFileSync(
      path.join(p, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: options, include: ['src/**/*.ts'] }),
    );
    writeFileSync(path.join(p, 'src', 'index.ts'), source);
  };
  pkg('a', 'export const answer: number = 42;\n');
  pkg('b', bSource);
  pkg('web', 'export const el = 1;\n', { noEmit: true, lib: ['ES2023', 'DOM'] });
  return dir;
}

function typecheck(dir: string): { status: number | null; output: string } {
  const projects = workspaceProjects(dir).filter((p) => hasStandardTypecheck(dir, p));
  expect(projects.map((p) => p.name).sort()).toEqual(['a', 'b']);
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', combinedTsconfig(dir, projects, path.join(dir, 'tmp'))], {
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

it('checks every grouped project’s files in one program, and fails on an error in any of them', () => {
  expect(typecheck(fixture('export const fine: string = "yes";\n')).status).toBe(0);
  const broken = typecheck(fixture('export const wrong: string = 42;\n'));
  expect(broken.status).not.toBe(0);
  expect(broken.output).toMatch(/packages\/b\/src\/index\.ts.*Type 'number' is not assignable to type 'string'/);
});

it('reads the ESLint paths of a standard lint script, and leaves any other lint to its own target', () => {
  const project = (lint: string) => ({ name: 'x', dir: 'packages/x', scripts: { lint } });
  expect(standardLintPaths(project('eslint src test && prettier --check . --ignore-path ../../.prettierignore'))).toEqual([
    'packages/x/src',
    'packages/x/test',
  ]);
  expect(standardLintPaths(project('eslint . && prettier --check . --ignore-path ../.prettierignore'))).toEqual(['packages/x']);
  expect(
    standardLintPaths(project('cd ../../proto && buf lint && prettier --check . --ignore-path ../../.prettierignore')),
  ).toBeUndefined();
});
