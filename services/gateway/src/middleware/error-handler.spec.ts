import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ApiError, markDependencyError } from '@vrp/errors';
import { createLogger } from '@vrp/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { setRequestId } from './locals.js';

const lines: Record<string, unknown>[] = [];
let server: ReturnType<express.Express['listen']>;
let base = '';
beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => (setRequestId(res, req.header('x-request-id') ?? 'none'), next()));
  app.get('/unavailable', () => {
    throw new ApiError('service_unavailable', 'A dependency is unavailable; retry shortly.', { retryAfter: 2 });
  });
  app.get('/lost', () => {
    throw markDependencyError(new Error('received invalid response: 1'), 'postgres');
  });
  app.get('/bug', () => {
    throw new TypeError('x is undefined');
  });
  app.get('/verdict', () => {
    throw new ApiError('not_found', 'No such thing');
  });
  app.use(errorHandler(createLogger('gateway', { level: 'info', write: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) })));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the error handler', () => {
  it('logs every 5xx at error level with its request id, and no 4xx', async () => {
    const statuses: number[] = [];
    for (const path of ['unavailable', 'lost', 'bug', 'verdict']) {
      const res = await fetch(`${base}/${path}`, { headers: { 'x-request-id': `req_${path}` } });
      statuses.push(res.status);
      if (path === 'unavailable') expect(res.headers.get('retry-after')).toBe('2');
    }
    expect(statuses).toEqual([503, 503, 500, 404]);
    const errors = lines.filter((l) => l.level === 'error').map((l) => l.request_id);
    expect(errors).toEqual(['req_unavailable', 'req_lost', 'req_bug']);
    expect(lines.filter((l) => l.request_id === 'req_verdict')).toEqual([]);
  });
});
