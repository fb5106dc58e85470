import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { afterEach, expect, it } from 'vitest';
import { jsonBody } from './json-body.js';

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/**
 * A server whose first middleware finishes only after the client's connection is gone, as a
 * gateway busy authenticating does when the client hangs up meanwhile; it reports what the
 * handler after jsonBody saw.
 */
async function serverSlowerThanItsClient(): Promise<{ port: number; outcome: Promise<unknown> }> {
  let report: (what: unknown) => void = () => {};
  const outcome = new Promise((resolve) => (report = resolve));
  const app = express();
  app.use(async (req, _res, next) => {
    if (!req.socket.destroyed) await new Promise((closed) => req.socket.once('close', closed));
    next();
  });
  app.use(...jsonBody());
  app.post('/', (req, res) => {
    report({ ranWith: req.body });
    res.end();
  });
  const onError: ErrorRequestHandler = (err: { code?: string }, _req, res, _next) => {
    report({ refused: err.code });
    res.end();
  };
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, outcome };
}

it('refuses a request whose client hung up before its announced body arrived, rather than run it as {}', async () => {
  const { port, outcome } = await serverSlowerThanItsClient();
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(['POST / HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 20', '', ''].join('\r\n'));
  socket.resetAndDestroy();
  expect(await outcome).toEqual({ refused: 'validation_error' });
});
