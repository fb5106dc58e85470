import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TracerProvider,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';

export interface TracingOptions {
  /** `service.name` of every span this process exports. */
  service: string;
  /** An exporter that gets each span as it ends (tests pass an InMemorySpanExporter). */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  /** Where spans go: `otlp`, `exporter` (the one passed in), both, or `none` (ids only). */
  readonly exports: string;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

let current: (Tracing & { provider: TracerProvider }) | undefined;

/**
 * The resource every span carries, from the environment as the OpenTelemetry SDKs read it:
 * OTEL_RESOURCE_ATTRIBUTES (`key=value` pairs, comma-separated, values percent-encoded; e.g.
 * `deployment.environment.name=production,service.version=1.4.2,k8s.pod.name=…`), then
 * `service.name` from OTEL_SERVICE_NAME, else from those attributes, else the service's own name.
 */
export function resourceAttributes(service: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of (env.OTEL_RESOURCE_ATTRIBUTES ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    try {
      attributes[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // A malformed value is dropped, as the specification asks, rather than failing the process.
    }
  }
  attributes['service.name'] = env.OTEL_SERVICE_NAME || attributes['service.name'] || service;
  return attributes;
}

/**
 * Starts tracing for this process: W3C trace context in and out, the active span carried across
 * awaits (AsyncLocalStorage), and spans exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. Without an exporter spans still get ids, so
 * trace ids reach the logs, the outbox rows and the NATS headers and a collector added later
 * joins the pieces. Such spans are not recorded (no attributes kept, nothing queued, no span per
 * query): a trace this process starts is flagged unsampled, one it continues keeps its caller's
 * flag. OTEL_SDK_DISABLED=true turns it all off. The first call in a process wins
 * (services started in one process share it; a test that starts tracing first collects all).
 */
export function startTracing(options: TracingOptions): Tracing {
  if (current) return current;
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true') return { exports: 'disabled', shutdown: async () => undefined };
  const processors: SpanProcessor[] = [];
  const kinds: string[] = [];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    processors.push(new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }));
    kinds.push('otlp');
  }
  if (options.exporter) {
    processors.push(new SimpleSpanProcessor({ exporter: options.exporter }));
    kinds.push('exporter');
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes(resourceAttributes(options.service, env)),
    spanProcessors: processors,
    // Nothing would see a recorded span: keep the ids, skip the recording.
    ...(processors.length === 0 ? { sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) } : {}),
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const started = {
    provider,
    exports: kinds.join('+') || 'none',
    shutdown: async () => {
      if (current !== started) return;
      current = undefined;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
  current = started;
  return started;
}
