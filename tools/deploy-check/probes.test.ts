// The chart's probes against a running service whose own Postgres goes away for longer than the
// liveness window: the kubelet would take the pod out of its Service (readiness) and never restart
// it (liveness), and it is ready again once Postgres is back. The image's Docker HEALTHCHECK, run
// as the Dockerfile writes it, keeps the container healthy throughout the same way.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { health } from '@vrp/contracts';
import { LIVENESS_SERVICE } from '@vrp/grpc';
import {
  applyMigrations,
  createTestStream,
  startPrivatePostgres,
  waitFor,
  type PrivatePostgresServer,
  type TestStream,
} from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMandateConfig, startMandateService } from '@vrp/mandate-service';
import { healthcheckCommand, parseDockerfile } from './dockerfile.js';
import { readRepoFile, repoRoot } from './platform.js';
import { byKind, renderChart } from './render.js';

const { SERVING, NOT_SERVING } = health.HealthCheckResponse_ServingStatus;

type Probe = { grpc: { port: number; service?: string }; periodSeconds: number; failureThreshold: number; timeoutSeconds?: number };

/** The mandate Deployment's probes as the chart renders them. */
function chartProbes(): { liveness: Probe; readiness: Probe } {
  const deployment = byKind(renderChart(), 'Deployment').get('vrp-mandate')!;
  const container = (deployment.spec as { template: { spec: { containers: { livenessProbe: Probe; readinessProbe: Probe }[] } } }).template
    .spec.containers[0]!;
  return { liveness: container.livenessProbe, readiness: container.readinessProbe };
}

/** The runtime image's HEALTHCHECK command, its /app/healthcheck.mjs being the repository's script. */
function dockerHealthcheck(): string[] {
  const runtime = parseDockerfile(readRepoFile('deploy/docker/Dockerfile')).stages.find((s) => s.name === 'runtime');
  const command = healthcheckCommand(runtime);
  if (!command || command[0] !== 'node' || command[1] !== '/app/healthcheck.mjs')
    throw new Error(`unexpected HEALTHCHECK ${String(command)}`);
  return [join(repoRoot, 'tools/build/container-healthcheck.mjs'), ...command.slice(2)];
}

/** Runs `node <args>` as Docker runs a HEALTHCHECK in the mandate image, and resolves with its exit code. */
function runHealthcheck(args: string[], port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH, VRP_SERVICE: 'mandate', GRPC_PORT: String(port) },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

describe('probes while the service’s own Postgres is down', () => {
  let postgres: PrivatePostgresServer;
  let stream: TestStream;
  let service: Awaited<ReturnType<typeof startMandateService>>;
  let check: (service: string) => Promise<number>;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await applyMigrations(postgres.url, 'mandate');
    stream = await createTestStream();
    service = await startMandateService(
      loadMandateConfig({
        DATABASE_URL: postgres.url,
        EVENT_STREAM: stream.stream,
        EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
        GRPC_PORT: '0',
        LOG_LEVEL: 'silent',
      }),
    );
    const client = createClient(health.Health, createGrpcTransport({ baseUrl: `http://127.0.0.1:${service.port}` }));
    // What the kubelet's grpc probe does: Check with the probe's service name, a failed call counting as a failure.
    check = async (name) => (await client.check({ service: name }, { timeoutMs: 3000 }).catch(() => ({ status: -1 }))).status;
  }, 60_000);

  afterAll(async () => {
    await service?.stop();
    await stream?.cleanup();
    await postgres?.dispose();
  });

  it('stays live (no restart) for longer than the liveness window, is not ready meanwhile, and is ready again after', async () => {
    const { liveness, readiness } = chartProbes();
    expect(liveness.grpc.service).toBe(LIVENESS_SERVICE);
    expect(readiness.grpc.service ?? '').toBe('');
    const livenessWindowMs = liveness.periodSeconds * liveness.failureThreshold * 1000;
    await waitFor(async () => (await check('')) === SERVING, { what: 'ready before the outage', timeoutMs: 10_000 });
    const dockerLiveness = dockerHealthcheck();
    const [dockerScript] = dockerLiveness;
    expect(await runHealthcheck(dockerLiveness, service.port), 'Docker HEALTHCHECK before the outage').toBe(0);
    expect(await runHealthcheck([dockerScript!, 'readiness'], service.port), 'readiness mode before the outage').toBe(0);

    await postgres.stop();
    // The kubelet's view, at the chart's liveness period: count consecutive failures; that many restarts the pod.
    const started = Date.now();
    let consecutiveLivenessFailures = 0;
    let mostConsecutive = 0;
    const readinessSeen: number[] = [];
    const dockerExits: (number | null)[] = [];
    while (Date.now() - started < livenessWindowMs + liveness.periodSeconds * 1000) {
      const live = await check(liveness.grpc.service!);
      consecutiveLivenessFailures = live === SERVING ? 0 : consecutiveLivenessFailures + 1;
      mostConsecutive = Math.max(mostConsecutive, consecutiveLivenessFailures);
      readinessSeen.push(await check(''));
      dockerExits.push(await runHealthcheck(dockerLiveness, service.port));
      await new Promise((r) => setTimeout(r, liveness.periodSeconds * 1000));
    }
    expect(mostConsecutive, 'liveness failures in a row (the chart restarts at failureThreshold)').toBe(0);
    // Readiness took the pod out: after the first dependency check it says NOT_SERVING throughout.
    expect(readinessSeen.slice(1).every((s) => s === NOT_SERVING)).toBe(true);
    expect(readinessSeen.length).toBeGreaterThanOrEqual(liveness.failureThreshold);
    // The container stayed healthy (exit 0: SERVING) all along; its readiness mode says what readiness says.
    expect(dockerExits, 'Docker HEALTHCHECK exit codes during the outage').toEqual(dockerExits.map(() => 0));
    expect(await runHealthcheck([dockerScript!, 'readiness'], service.port), 'readiness mode during the outage').toBe(1);

    await postgres.start();
    await waitFor(async () => (await check('')) === SERVING, {
      what: 'ready again once Postgres answers',
      timeoutMs: 15_000,
      intervalMs: 500,
    });
    expect(await check(LIVENESS_SERVICE)).toBe(SERVING);
  }, 150_000);
});
