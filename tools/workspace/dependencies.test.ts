// The dependency lint (dependency-lint.ts) over this repository, and over small workspaces made
// to break it: an undeclared import, an unused declaration, a runtime import of a devDependency.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../deploy-check/platform.js';
import { importsIn, lintDependencies, lintRoot, lintWorkspace, packageOf } from './dependency-lint.js';

describe('dependencies', () => {
  it('every workspace declares what it imports and nothing it does not use', () => {
    expect(lintDependencies(repoRoot).map((p) => `${p.workspace}: ${p.problem} ${p.dependency} (${p.file})`)).toEqual([]);
  });

  it('the root declares nothing the repository does not use', () => {
    expect(lintRoot(repoRoot).map((p) => p.dependency)).toEqual([]);
  });
});

describe('the dependency lint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-dep-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Fixtures spell the keywords in capitals (this file is linted too), then lower them.
  const code = (text: string) => text.replace(/IMPORT|EXPORT|REQUIRE/g, (k) => k.toLowerCase());
  const workspace = (name: string, manifest: object, files: Record<string, string>) => {
    const at = join(dir, name);
    for (const [file, text] of Object.entries({
      'package.json': JSON.stringify({ name: `@x/${name}`, exports: './src/index.ts', ...manifest }),
      ...files,
    })) {
      mkdirSync(join(at, file, '..'), { recursive: true });
      writeFileSync(join(at, file), code(text));
    }
    return lintWorkspace(at, dir).map((p) => `${p.problem} ${p.dependency} ${p.file}`);
  };

  it('reads package names from every kind of specifier, not from comments or generated templates', () => {
    const text = code(
      [
        "IMPORT a from '@scope/a/deep/path';",
        "IMPORT type { B } from 'b';",
        "EXPORT { c } from 'c/sub';",
        "IMPORT 'd';",
        "const e = await IMPORT('e');",
        "const f = REQUIRE('f');",
        "IMPORT { g } from './local.js';",
        "IMPORT fs from 'node:fs';",
        "// IMPORT h from 'h';",
        'const template = `IMPORT i from "i";`;',
      ].join('\n'),
    );
    expect(importsIn(text).map(packageOf).filter(Boolean).sort()).toEqual(['@scope/a', 'b', 'c', 'd', 'e', 'f']);
    expect(packageOf('path')).toBeUndefined();
  });

  it('fails an undeclared import, an unused declaration and a runtime import of a devDependency', () => {
    expect(
      workspace(
        'bad',
        { dependencies: { used: '1', unused: '1' }, devDependencies: { devonly: '1' } },
        {
          'src/index.ts': "IMPORT u from 'used';\nIMPORT d from 'devonly';\nIMPORT h from 'hoisted';\n",
        },
      ),
    ).toEqual(['runtime import of a devDependency devonly src/index.ts', 'undeclared hoisted src/index.ts', 'unused unused package.json']);
  });

  it('passes a workspace that declares exactly what it imports, tests using devDependencies', () => {
    expect(
      workspace(
        'good',
        { dependencies: { used: '1' }, devDependencies: { devonly: '1' } },
        {
          'src/index.ts': "IMPORT u from 'used';\n",
          'test/a.test.ts': "IMPORT d from 'devonly';\nIMPORT { it } from 'vitest';\n",
        },
      ),
    ).toEqual([]);
  });
});
