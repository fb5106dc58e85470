/**
 * The packages merchants install are publishable as they are: `npm pack` gives a tarball with the
 * compiled code, its types and README (no sources or tests), and that tarball, unpacked into an
 * empty project, imports and works without the workspace.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'vrp-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  expect(r.status, `${command} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** Packs `dir` into the scratch folder and unpacks it as node_modules/<name> of a fresh project. */
function packAndInstall(dir: string): { files: string[]; project: string; manifest: Record<string, unknown> } {
  const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], path.join(root, dir))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const project = path.join(scratch, `project-${path.basename(dir)}`);
  const target = path.join(project, 'node_modules', ...(manifest.name as string).split('/'));
  mkdirSync(target, { recursive: true });
  run('tar', ['-xzf', path.join(scratch, packed!.filename), '-C', target, '--strip-components=1'], scratch);
  // Its dependencies, where npm would install them (the workspace's copies: no registry in tests).
  for (const dep of Object.keys((manifest.dependencies as object | undefined) ?? {})) {
    const at = path.join(project, 'node_modules', ...dep.split('/'));
    mkdirSync(path.dirname(at), { recursive: true });
    rmSync(at, { recursive: true, force: true });
    symlinkSync(path.join(root, 'node_modules', ...dep.split('/')), at, 'dir');
  }
  return { files: packed!.files.map((f) => f.path).sort(), project, manifest };
}

describe.each([
  {
    dir: 'packages/sdk',
    // The event types it re-exports (types only: nothing of it runs at import).
    dependencies: ['@vrp/webhook-verify'],
    check:
      "const { VrpClient, VrpApiError } = await import('@vrp/sdk'); const c = new VrpClient({ baseUrl: 'http://127.0.0.1:1', token: 't', maxRetries: 0 }); const e = await c.getMandate('MD1').catch((x) => x); console.log(typeof c.createMandate, typeof c.paginate, e.name, VrpApiError.name);",
    expect: 'function function VrpConnectionError VrpApiError',
  },
  {
    dir: 'packages/webhook-verify',
    // The event schemas.
    dependencies: ['zod'],
    check:
      "const { verifyWebhook, signatureHeader } = await import('@vrp/webhook-verify'); const body = '{}'; const header = signatureHeader({ secrets: ['whsec_test'], timestamp: Math.floor(Date.now() / 1000), body }); console.log(JSON.stringify(verifyWebhook({ body, header, secrets: 'whsec_test' })).startsWith('{\"timestamp\"'));",
    expect: 'true',
  },
])('$dir', ({ dir, dependencies, check, expect: printed }) => {
  it('packs compiled code, types and README only, with the metadata a registry needs', () => {
    const { files, manifest } = packAndInstall(dir);
    expect(manifest.private, 'private packages cannot be published').toBeUndefined();
    expect(manifest).toMatchObject({ license: 'Apache-2.0', type: 'module' });
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']));
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.spec.js'))).toEqual([]);
    expect(Object.keys((manifest.dependencies as object | undefined) ?? {})).toEqual(dependencies);
  }, 120_000);

  it('works when installed from its tarball into an empty project', () => {
    const { project } = packAndInstall(dir);
    const out = run(process.execPath, ['--input-type=module', '-e', check], project);
    expect(out.trim()).toBe(printed);
  }, 120_000);
});
