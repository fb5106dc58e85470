import type { RequestHandler } from 'express';
import { SpanKind, context, contextFromHeaders, markFailed, trace, tracer } from '@vrp/tracing';
import { routeOf } from './http-metrics.js';

/**
 * Each request is a server span (continuing the caller's `traceparent` if it sent one), active
 * for everything the request does: its gRPC calls carry it on, so one trace runs from here to
 * the webhook delivery the request causes. Named by the declared route once the answer is sent.
 */
/** Probes: asked every few seconds, never part of a merchant's request. */
const UNTRACED = new Set(['/healthz', '/readyz']);

export function traceRequests(): RequestHandler {
  return (req, res, next) => {
    if (UNTRACED.has(req.path)) return next();
    const parent = contextFromHeaders((name) => req.get(name));
    // OpenTelemetry's HTTP server conventions (the query string is left out: it may carry filters of a merchant's data).
    const span = tracer.startSpan(
      `${req.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.scheme': req.protocol, 'url.path': req.path } },
      parent,
    );
    res.once('finish', () => {
      const route = routeOf(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) markFailed(span, `answered ${res.statusCode}`);
      span.end();
    });
    const active = trace.setSpan(parent, span);
    // The body arrives in 'data' events, whose listeners would otherwise run outside the trace.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  };
}
