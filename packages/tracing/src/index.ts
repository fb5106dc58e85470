export { resourceAttributes, startTracing, type Tracing, type TracingOptions } from './provider.js';
export {
  SpanKind,
  activeSpanIds,
  activeTraceId,
  contextFromHeaders,
  contextFromTraceparent,
  currentTraceparent,
  inSpan,
  injectTraceHeaders,
  markFailed,
  tracer,
  type Attributes,
  type Context,
  type Span,
} from './spans.js';
export { tracePool } from './pool.js';
export { context, trace } from '@opentelemetry/api';
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
