import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  InMemorySpanExporter,
  contextFromTraceparent,
  currentTraceparent,
  inSpan,
  startTracing,
  trace,
  tracePool,
  type ReadableSpan,
} from '../src/index.js';

const exporter = new InMemorySpanExporter();
const tracing = startTracing({ service: 'tracing-test', exporter });
afterAll(() => tracing.shutdown());

const spanOf = (name: string): ReadableSpan => {
  const found = exporter.getFinishedSpans().find((s) => s.name === name);
  if (!found) throw new Error(`no span ${name}`);
  return found;
};

describe('trace context', () => {
  it('round-trips through a stored traceparent, as an outbox row carries it', async () => {
    let stored: string | undefined;
    await inSpan('writer', {}, async () => {
      stored = currentTraceparent();
    });
    expect(stored).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await inSpan('reader', { parent: contextFromTraceparent(stored) }, async () => undefined);
    expect(spanOf('reader').spanContext().traceId).toBe(spanOf('writer').spanContext().traceId);
    expect(spanOf('reader').parentSpanContext?.spanId).toBe(spanOf('writer').spanContext().spanId);
  });

  it('starts a fresh trace from a missing or malformed traceparent', async () => {
    for (const bad of [null, '', 'garbage', '00-00000000000000000000000000000000-0000000000000000-01']) {
      expect(trace.getSpanContext(contextFromTraceparent(bad))).toBeUndefined();
    }
  });

  it('records a failure as an error span and rethrows it', async () => {
    await expect(inSpan('fails', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(spanOf('fails').status).toMatchObject({ code: 2, message: 'boom' });
  });
});

describe('tracePool', () => {
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_ADMIN_URL, max: 1 });
  tracePool(pool as never);
  afterAll(() => pool.end());

  it('puts each query under the span of the caller that made it, even when callers wait for the one connection', async () => {
    exporter.reset();
    // One connection: the second caller's query is handed its connection from inside the first's release.
    await Promise.all(
      ['first', 'second', 'third'].map((name) => inSpan(name, {}, () => pool.query(`SELECT '${name}' AS caller, pg_sleep(0.02)`))),
    );
    for (const name of ['first', 'second', 'third']) {
      const query = exporter.getFinishedSpans().find((s) => String(s.attributes['db.query.text']).includes(`'${name}'`));
      expect(query?.name).toBe('SELECT');
      expect(query?.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.operation.name': 'SELECT' });
      expect(query?.parentSpanContext?.spanId, `${name}'s query under ${name}`).toBe(spanOf(name).spanContext().spanId);
    }
  });

  it('makes no spans outside a trace, and never records parameter values', async () => {
    exporter.reset();
    await pool.query('SELECT 1');
    expect(exporter.getFinishedSpans()).toEqual([]);
    await inSpan('with values', {}, () => pool.query('SELECT $1::text AS secret', ['whsec_do_not_record']));
    expect(JSON.stringify(exporter.getFinishedSpans().map((s) => s.attributes))).not.toContain('whsec_do_not_record');
  });
});

describe('the resource', () => {
  it('takes OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME from the environment, as the SDKs do', async () => {
    const { resourceAttributes } = await import('../src/index.js');
    expect(
      resourceAttributes('payment', {
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production, service.version=1.4.2,k8s.pod.name=vrp-payment-7f%2C1,bad',
      }),
    ).toEqual({
      'deployment.environment.name': 'production',
      'service.version': '1.4.2',
      'k8s.pod.name': 'vrp-payment-7f,1',
      'service.name': 'payment',
    });
    expect(resourceAttributes('payment', { OTEL_RESOURCE_ATTRIBUTES: 'service.name=payments-eu' })['service.name']).toBe('payments-eu');
    expect(resourceAttributes('payment', { OTEL_RESOURCE_ATTRIBUTES: 'service.name=x', OTEL_SERVICE_NAME: 'y' })['service.name']).toBe('y');
  });

  it('is on every exported span', async () => {
    await inSpan('resourced', {}, async () => undefined);
    expect(spanOf('resourced').resource.attributes['service.name']).toBe('tracing-test');
  });
});
