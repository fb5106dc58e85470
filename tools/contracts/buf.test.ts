import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const protoDir = path.join(root, 'proto');

function buf(args: string[]) {
  return spawnSync('npx', ['--no-install', 'buf', ...args], { cwd: protoDir, encoding: 'utf8' });
}

/**
 * The contracts this tree must stay compatible with: those of the commit before HEAD (the last
 * one that landed, in a fresh clone of a submission). Comparing HEAD with itself, as a
 * `branch=main` on main would, could never fail.
 */
function previousContracts(): string {
  const previous = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD~1'], { cwd: root, encoding: 'utf8' });
  if (previous.status !== 0) throw new Error('the contracts need a previous commit to be compared with (clone with history)');
  return `${path.join(root, '.git')}#ref=${previous.stdout.trim()},subdir=proto`;
}

describe('contracts (proto/)', () => {
  it('pass buf lint (STANDARD rules)', () => {
    const result = buf(['lint']);
    expect(result.stdout + result.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(result.status).toBe(0);
  }, 30_000);

  it('stay wire-compatible with the previous commit (buf breaking), so each service can ship alone', () => {
    const result = buf(['breaking', '--against', previousContracts()]);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('would catch a breaking change: a removed field fails buf breaking', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'vrp-proto-'));
    try {
      cpSync(protoDir, copy, { recursive: true });
      const file = path.join(copy, 'vrp/payment/v1/payment.proto');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^\s*int64 amount_minor = 4;$/m, ''));
      const result = spawnSync(path.join(root, 'node_modules/.bin/buf'), ['breaking', '--against', protoDir], {
        cwd: copy,
        encoding: 'utf8',
      });
      expect(result.status).not.toBe(0);
      expect(result.stdout).toMatch(/amount_minor|field "4"/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);

  it('give every service, rpc and message a doc comment', () => {
    const result = buf(['lint', '--error-format', 'json']);
    expect(result.status).toBe(0);
    // STANDARD does not require comments; check the rule explicitly on top.
    const commented = buf([
      'lint',
      '--config',
      JSON.stringify({
        version: 'v2',
        lint: { use: ['COMMENT_SERVICE', 'COMMENT_RPC', 'COMMENT_MESSAGE', 'COMMENT_ENUM'] },
      }),
    ]);
    expect(commented.stdout).toBe('');
    expect(commented.status).toBe(0);
  }, 30_000);
});
