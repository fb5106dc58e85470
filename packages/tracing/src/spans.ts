import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

export { SpanKind, type Attributes, type Context, type Span };

/** The platform's tracer: spans are named for what they do, the service is the resource. */
export const tracer = trace.getTracer('vrp');

/** Runs `work` in a new span (a child of `parent`, else of the active span) and ends it, recording a throw as an error. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The W3C `traceparent` of the active span, to store beside work that continues elsewhere (an outbox row, a NATS message). */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** Puts the active trace context into outgoing headers (`traceparent`, `tracestate`). */
export function injectTraceHeaders(set: (name: string, value: string) => void, ctx: Context = context.active()): void {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  for (const [k, v] of Object.entries(carrier)) set(k, v);
}

/** The context a stored or received `traceparent` continues (the root context when there is none or it is malformed). */
export function contextFromTraceparent(traceparent: string | null | undefined, tracestate?: string | null): Context {
  if (!traceparent) return ROOT_CONTEXT;
  const carrier: Record<string, string> = { traceparent };
  if (tracestate) carrier.tracestate = tracestate;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** The context carried by incoming headers read with `get`. */
export function contextFromHeaders(get: (name: string) => string | null | undefined): Context {
  return contextFromTraceparent(get('traceparent'), get('tracestate'));
}

/** The active trace's id, for log lines; undefined outside any span. */
export function activeTraceId(): string | undefined {
  return activeSpanIds()?.traceId;
}

/** The active span's trace and span ids (what a log line carries as trace_id and span_id), if any. */
export function activeSpanIds(): { traceId: string; spanId: string } | undefined {
  const sc = trace.getActiveSpan()?.spanContext();
  return sc && trace.isSpanContextValid(sc) ? { traceId: sc.traceId, spanId: sc.spanId } : undefined;
}

/** Marks `span` failed with `message` (for outcomes that are not exceptions, such as a 5xx answer). */
export function markFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
