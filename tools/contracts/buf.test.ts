import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const protoDir = path.join(root, 'proto');

function buf(args: string[]) {
  return spawnSync('npx', ['--no-install', 'buf', ...args], { cwd: protoDir, encoding: 'utf8' });
}

/** The git ref the contracts must stay compatible with: main when it exists, else HEAD. */
function baseRef(): string {
  const main = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'main'], { cwd: root });
  return main.status === 0 ? 'branch=main' : `ref=${execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()}`;
}

describe('contracts (proto/)', () => {
  it('pass buf lint (STANDARD rules)', () => {
    const result = buf(['lint']);
    expect(result.stdout + result.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(result.status).toBe(0);
  }, 30_000);

  it('stay wire-compatible with main (buf breaking), so each service can ship alone', () => {
    const result = buf(['breaking', '--against', `${path.join(root, '.git')}#${baseRef()},subdir=proto`]);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('give every service, rpc and message a doc comment', () => {
    const result = buf(['lint', '--error-format', 'json']);
    expect(result.status).toBe(0);
    // STANDARD does not require comments; check the rule explicitly on top.
    const commented = buf(['lint', '--config', JSON.stringify({
      version: 'v2',
      lint: { use: ['COMMENT_SERVICE', 'COMMENT_RPC', 'COMMENT_MESSAGE', 'COMMENT_ENUM'] },
    })]);
    expect(commented.stdout).toBe('');
  }, 30_000);
});
