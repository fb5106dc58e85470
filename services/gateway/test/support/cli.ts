import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@vrp/testing';

/**
 * The `vrp` CLI as the gateway image ships it: one esbuild bundle (tools/build/bundle.ts, the
 * image's own build step) run by plain Node. A test file bundles it once; each run then starts in
 * a fraction of the seconds tsx takes to compile the CLI's whole graph on a busy machine.
 */
export interface BundledCli {
  /** The command and the arguments before the CLI's own: `spawn(cli.command, [...cli.args, 'merchants', 'list'])`. */
  command: string;
  args: string[];
  remove(): void;
}

export async function bundleCli(): Promise<BundledCli> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vrp-cli-'));
  const out = path.join(dir, 'vrp.js');
  await promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/build/bundle.ts', 'services/gateway', 'src/cli/main.ts', out],
    { cwd: REPO_ROOT },
  );
  return { command: process.execPath, args: [out], remove: () => rmSync(dir, { recursive: true, force: true }) };
}
