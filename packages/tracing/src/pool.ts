import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { tracer } from './spans.js';

type QueryFn = (...args: unknown[]) => unknown;
interface TraceableClient {
  query: QueryFn;
}
interface TraceablePool {
  on(event: 'connect', listener: (client: TraceableClient) => void): unknown;
  connect: QueryFn;
}

/** The statement's text, whether passed as a string or a query config; undefined for submittables (cursors, streams). */
function statementOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string' && !('submit' in arg)) return arg.text;
  return undefined;
}

/**
 * Gives every query run on `pool`'s connections (its own, Prisma's through the adapter, the hot
 * paths' raw SQL) a client span named by its first word (`SELECT`, `WITH`: `db.operation.name`), with the statement's text but never its
 * values. Only inside a recorded trace: background polling outside any request makes no root
 * spans, and an unsampled trace (no exporter) none at all.
 */
export function tracePool(pool: TraceablePool): void {
  // pg-pool hands a waiting caller its connection from inside another caller's release, so a
  // callback would run in the releasing request's trace: bind it to the caller's (pool.query
  // takes its connection this way). Awaiting callers resume in their own context anyway.
  const connect = pool.connect.bind(pool) as QueryFn;
  pool.connect = (...args: unknown[]) => {
    const cb = args[0];
    return typeof cb === 'function' ? connect(context.bind(context.active(), cb as QueryFn)) : connect(...args);
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    client.query = (...args: unknown[]) => {
      const text = statementOf(args[0]);
      // Only inside a recorded trace: a span of an unsampled one would be dropped anyway.
      if (text === undefined || !trace.getSpan(context.active())?.isRecording()) return query(...args);
      const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      // OpenTelemetry's database conventions: named by the operation, with the system, operation and query text.
      const span = tracer.startSpan(verb, {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': verb,
          'db.query.text': text.length > 4000 ? `${text.slice(0, 4000)}…` : text,
        },
      });
      const fail = (err: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        span.end();
      };
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        // Callback form (pg.Pool#query uses it): end the span when the callback is called.
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
          if (err) fail(err);
          else span.end();
          return (last as QueryFn)(err, ...rest);
        };
        return query(...args);
      }
      const result = query(...args) as Promise<unknown>;
      result.then(
        () => span.end(),
        (err) => fail(err),
      );
      return result;
    };
  });
}
