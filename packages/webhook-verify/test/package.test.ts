/**
 * Published-ready: the package packs to compiled JavaScript with type declarations, and a
 * merchant's plain Node project (no TypeScript, no workspace) can install the tarball and
 * verify a delivery with it.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'vrp-verify-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the published package', () => {
  it('packs compiled JavaScript, declarations, README and examples, and no sources or specs', () => {
    const [report] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkgDir, encoding: 'utf8' }),
    );
    const files: string[] = report.files.map((f: { path: string }) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'README.md', 'package.json', 'examples/express-receiver.ts']),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.includes('.spec.'))).toEqual([]);
  });

  it('installs from its tarball into a plain Node project and verifies a delivery', () => {
    execFileSync('npm', ['pack', '--pack-destination', scratch, '--silent'], { cwd: pkgDir, encoding: 'utf8' });
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))!;
    const target = path.join(scratch, 'node_modules/@vrp/webhook-verify');
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(scratch, tarball), '-C', target, '--strip-components=1']);
    // Its one dependency (zod, for the event schemas), where npm would install it.
    symlinkSync(path.resolve(pkgDir, '../../node_modules/zod'), path.join(scratch, 'node_modules/zod'), 'dir');
    const secret = 'whsec_merchant_side';
    const body = JSON.stringify({ event_id: 'EV1', event_type: 'payment.settled', created_at: '2026-01-01T00:00:00Z', data: {} });
    const t = Math.floor(Date.now() / 1000);
    const header = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    writeFileSync(
      path.join(scratch, 'receiver.mjs'),
      `import { verifyWebhook } from '@vrp/webhook-verify';
       const { timestamp } = verifyWebhook({ body: process.argv[2], header: process.argv[3], secrets: process.argv[4] });
       try { verifyWebhook({ body: process.argv[2] + ' ', header: process.argv[3], secrets: process.argv[4] }); } catch (e) { console.log(e.reason); }
       console.log(timestamp);`,
    );
    const out = execFileSync(process.execPath, ['receiver.mjs', body, header, secret], { cwd: scratch, encoding: 'utf8' });
    expect(out.trim().split('\n')).toEqual(['signature_mismatch', String(t)]);
  }, 60_000);
});
