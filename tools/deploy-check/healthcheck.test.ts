// The image's HEALTHCHECK script (tools/build/container-healthcheck.mjs) against real servers:
// a grpc-js server with the stock grpc.health.v1 implementation, and a plain HTTP /healthz.
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { spawn } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, loadValues, repoRoot } from './platform.js';

const script = join(repoRoot, 'tools/build/container-healthcheck.mjs');

/** Runs the healthcheck as Docker would and resolves with its exit code. */
function check(env: Record<string, string>, args: string[] = []): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

describe('container healthcheck', () => {
  const health = new HealthImplementation({ '': 'SERVING', liveness: 'SERVING' });
  const grpc = new Server();
  let grpcPort = 0;
  let httpStatus = 200;
  let readyStatus = 200;
  const http: HttpServer = createServer((req, res) => {
    res.statusCode = req.url === '/healthz' ? httpStatus : req.url === '/readyz' ? readyStatus : 404;
    res.end();
  });

  beforeAll(async () => {
    health.addToServer(grpc);
    grpcPort = await new Promise<number>((resolve, reject) =>
      grpc.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    grpc.forceShutdown();
    await new Promise((resolve) => http.close(resolve));
  });

  it('knows each service default port, matching the platform table and values.yaml', async () => {
    const mod = (await import(script)) as { DEFAULT_PORTS: Record<string, number> };
    const fromTable = Object.fromEntries(Object.entries(SERVICES).map(([n, s]) => [n, s.port]));
    const fromValues = Object.fromEntries(Object.entries(loadValues().services).map(([n, s]) => [n, s.port]));
    expect(mod.DEFAULT_PORTS).toEqual(fromTable);
    expect(mod.DEFAULT_PORTS).toEqual(fromValues);
  });

  it('asks a gRPC service its liveness by default: SERVING passes even while the whole server (readiness) is NOT_SERVING', async () => {
    const env = { VRP_SERVICE: 'payment', GRPC_PORT: String(grpcPort) };
    health.setStatus('liveness', 'SERVING');
    health.setStatus('', 'NOT_SERVING');
    expect(await check(env)).toBe(0);
    expect(await check(env, ['liveness'])).toBe(0);
    health.setStatus('liveness', 'NOT_SERVING');
    health.setStatus('', 'SERVING');
    expect(await check(env)).toBe(1);
    health.setStatus('liveness', 'SERVING');
  });

  it('asks a gRPC service its readiness (the whole server) when told to', async () => {
    const env = { VRP_SERVICE: 'payment', GRPC_PORT: String(grpcPort) };
    health.setStatus('', 'SERVING');
    expect(await check(env, ['readiness'])).toBe(0);
    health.setStatus('', 'NOT_SERVING');
    expect(await check(env, ['readiness'])).toBe(1);
    health.setStatus('', 'SERVING');
  });

  it('fails an unknown mode rather than guessing', async () => {
    expect(await check({ VRP_SERVICE: 'payment', GRPC_PORT: String(grpcPort) }, ['ready'])).toBe(1);
  });

  it('fails a service that does not know the liveness name (NOT_FOUND)', async () => {
    const bare = new Server();
    new HealthImplementation({ '': 'SERVING' }).addToServer(bare);
    const port = await new Promise<number>((resolve, reject) =>
      bare.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    try {
      expect(await check({ VRP_SERVICE: 'refund', GRPC_PORT: String(port) })).toBe(1);
      expect(await check({ VRP_SERVICE: 'refund', GRPC_PORT: String(port) }, ['readiness'])).toBe(0);
    } finally {
      bare.forceShutdown();
    }
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await check({ VRP_SERVICE: 'mandate', GRPC_PORT: String(port) })).toBe(1);
  });

  it('checks the gateway over HTTP: GET /healthz for liveness, GET /readyz for readiness', async () => {
    const env = { VRP_SERVICE: 'gateway', GATEWAY_PORT: String((http.address() as AddressInfo).port) };
    httpStatus = 200;
    readyStatus = 503;
    expect(await check(env)).toBe(0);
    expect(await check(env, ['readiness'])).toBe(1);
    readyStatus = 200;
    expect(await check(env, ['readiness'])).toBe(0);
    httpStatus = 503;
    expect(await check(env)).toBe(1);
    httpStatus = 200;
  });

  it('fails for an unknown service without a port', async () => {
    expect(await check({ VRP_SERVICE: 'nope' })).toBe(1);
  });
});
