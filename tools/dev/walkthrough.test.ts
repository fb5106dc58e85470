/**
 * The README's promise, tested: the local runner (what `npm start` execs after setup and
 * migrate) brings every service up to a ready /readyz, the curl walk-through in README.md runs
 * as written against it, and Ctrl-C stops every process cleanly.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startLocalPlatform, type LocalPlatform } from './local-platform.js';

/** The shell blocks between the walkthrough markers of README.md, in order. */
function walkthroughScript(): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.split('<!-- walkthrough:start -->')[1]?.split('<!-- walkthrough:end -->')[0];
  if (!section) throw new Error('README.md has no walkthrough section');
  const blocks = [...section.matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)].map((m) => m[1]);
  return ['set -euo pipefail', ...blocks].join('\n');
}

describe('npm start + the README walk-through', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    // Settlement slow enough that the walk-through's sandbox settle always finds the payment submitted.
    platform = await startLocalPlatform({ SANDBOX_ACTIVATION_DELAY_MS: '300', SANDBOX_SETTLEMENT_DELAY_MS: '60000' });
  }, 120_000);
  afterAll(() => platform?.dispose());

  it('reaches a ready /readyz', async () => {
    const res = await fetch(`${platform.url}/readyz`);
    expect(res.status).toBe(200);
  });

  it('serves the Merchant Console at /console/ on the same origin, under its strict CSP', async () => {
    const page = await fetch(`${platform.url}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    const script = /<script[^>]*src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const app = await fetch(`${platform.url}${script!}`);
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toMatch(/javascript/);
  });

  it('runs the README curl walk-through as written', () => {
    const result = spawnSync('bash', ['-c', walkthroughScript()], {
      cwd: REPO_ROOT,
      env: { ...platform.env, API: `${platform.url}/v1` },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`).toBe(0);
  }, 130_000);

  it('stops every service cleanly on Ctrl-C', async () => {
    const code = await platform.interrupt();
    expect(code, platform.output()).toBe(0);
    expect(platform.output()).toContain('start: all services stopped\n');
  }, 30_000);
});
