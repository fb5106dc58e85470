/**
 * Every project's Nx targets stay green, not only its tests: typecheck, lint and build (the
 * esbuild bundle each container runs), really run (the cache is skipped). Then one bundle is started the way the image's CMD
 * starts it, to prove a built service boots and stops cleanly without tsx or the workspace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, createTestStream, waitFor, type TestDatabase, type TestStream } from '@vrp/testing';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the workspace', () => {
  let db: TestDatabase | undefined;
  let stream: TestStream | undefined;
  afterAll(async () => {
    await stream?.cleanup();
    await db?.drop();
  });

  it('typechecks, lints and builds every project (nx run-many)', () => {
    const result = spawnSync(
      'npx',
      ['--no-install', 'nx', 'run-many', '-t', 'typecheck', 'lint', 'build', '--outputStyle=static', '--parallel=2', '--skip-nx-cache'],
      {
        cwd: root,
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const failed = result.stdout.split('Failed tasks:')[1] ?? '';
    expect(result.status, `failed tasks:${failed}\n${result.stdout.slice(-6000)}`).toBe(0);
  }, 600_000);

  it('runs a built bundle as the container does, and stops it cleanly on SIGTERM', async () => {
    [db, stream] = await Promise.all([createTestDatabase(['mandate']), createTestStream()]);
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: path.join(root, 'services/mandate'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        GRPC_PORT: '0',
        DATABASE_URL: db.url,
        NATS_URL: stream.natsUrl,
        EVENT_STREAM: stream.stream,
        EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const messages: string[] = [];
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    createInterface({ input: child.stdout! }).on('line', (line) => messages.push(String(JSON.parse(line).msg)));
    const exited = once(child, 'exit');
    await waitFor(() => messages.includes('mandate service started'), { timeoutMs: 20_000, what: `boot (stderr: ${stderr})` });
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(messages).toContain('stopped');
  }, 60_000);
});
