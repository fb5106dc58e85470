import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { againstConfig, RETIRED_PACKAGES } from './retired.js';

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
function previousContracts(ref = 'HEAD~1'): string {
  const previous = spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { cwd: root, encoding: 'utf8' });
  if (previous.status !== 0) throw new Error('the contracts need a previous commit to be compared with (clone with history)');
  return `${path.join(root, '.git')}#ref=${previous.stdout.trim()},subdir=proto`;
}

/** buf breaking of a copy of proto/ changed by `change`, against this commit's contracts (retired packages left out). */
function breakingAfter(change: (copy: string) => void) {
  const copy = mkdtempSync(path.join(tmpdir(), 'vrp-proto-'));
  try {
    cpSync(protoDir, copy, { recursive: true });
    change(copy);
    return spawnSync(
      path.join(root, 'node_modules/.bin/buf'),
      ['breaking', '--against', previousContracts('HEAD'), '--against-config', againstConfig()],
      { cwd: copy, encoding: 'utf8' },
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe('contracts (proto/)', () => {
  it('pass buf lint (STANDARD rules)', () => {
    const result = buf(['lint']);
    expect(result.stdout + result.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(result.status).toBe(0);
  }, 30_000);

  it('stay wire-compatible with the previous commit (buf breaking), so each service can ship alone', () => {
    const result = buf(['breaking', '--against', previousContracts(), '--against-config', againstConfig()]);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('accept a retired package deleted whole (its clients are gone), and refuse any other package deleted', () => {
    const retired = breakingAfter((copy) => RETIRED_PACKAGES.forEach((p) => rmSync(path.join(copy, p), { recursive: true, force: true })));
    expect(retired.stdout).toBe('');
    expect(retired.status).toBe(0);
    const live = breakingAfter((copy) => rmSync(path.join(copy, 'vrp/webhook/v1'), { recursive: true }));
    expect(live.status).not.toBe(0);
    expect(live.stdout).toMatch(/vrp\/webhook\/v1\/webhook\.proto" was deleted/);
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
