// One exact Node everywhere: .nvmrc, package.json's devEngines (npm warns under another: `npm start`
// and `npm test` must run on a fresh machine's Node to fetch the pinned one), the
// fallback download of tools/dev/node.sh and the images' base.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRepoFile, repoRoot } from './platform.js';

const pinned = readRepoFile('.nvmrc').trim();

describe('the Node version', () => {
  it('is one exact version in .nvmrc', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is what package.json devEngines asks for (a warning under another: the entry scripts then switch to it)', () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as { devEngines: { runtime: { name: string; version: string; onFail: string } } };
    expect(pkg.devEngines.runtime).toEqual({ name: 'node', version: pinned, onFail: 'warn' });
  });

  it('is what tools/dev/node.sh puts on PATH, downloading that exact version when the machine has another', () => {
    const script = readRepoFile('tools/dev/node.sh');
    expect(script).toContain('.nvmrc');
    expect(script).toContain('"$node_pkg@$NODE_VERSION_WANTED"');
    expect(script).not.toMatch(/@24\b|NODE_MAJOR/);
    const reported = execFileSync(
      'bash',
      ['-c', `source ${join(repoRoot, 'tools/dev/node.sh')} 2>/dev/null && node -p process.versions.node`],
      {
        encoding: 'utf8',
      },
    ).trim();
    expect(reported).toBe(pinned);
  });

  it('is the images’ base', () => {
    expect(readRepoFile('deploy/docker/Dockerfile')).toMatch(
      new RegExp(`ARG NODE_IMAGE=node:${pinned.replaceAll('.', '\\.')}-bookworm-slim@sha256:`),
    );
  });
});
