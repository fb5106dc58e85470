import type { Request, RequestHandler } from 'express';
import type { Metrics } from '@vrp/metrics';

const MOUNT = Symbol('mount');

/**
 * Notes where a router is mounted: Express forgets req.baseUrl when an error leaves the router,
 * before the error handler answers, so the route label is built from this instead.
 */
export function mountedAt(prefix: string): RequestHandler {
  return (req, _res, next) => {
    (req as Request & { [MOUNT]?: string })[MOUNT] = prefix;
    next();
  };
}

/** The route a request matched, as declared (`/v1/mandates/:id`), so ids never become labels. */
export function routeOf(req: Request): string {
  const path = (req.route as { path?: string } | undefined)?.path;
  return typeof path === 'string' ? `${(req as Request & { [MOUNT]?: string })[MOUNT] ?? req.baseUrl}${path}` : 'unmatched';
}

/**
 * Times every HTTP request by method, route and status once its answer is sent, as OpenTelemetry's
 * `http.server.request.duration` (its _count counts them).
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  const duration = httpServerDuration(metrics);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      duration.observe(
        { http_request_method: req.method, http_route: routeOf(req), http_response_status_code: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

/** The `http_server_request_duration_seconds` histogram (method, declared route, status). */
export function httpServerDuration(metrics: Metrics) {
  return metrics.histogram('http_server_request_duration_seconds', 'Time to answer an HTTP request, by method, route and status.', [
    'http_request_method',
    'http_route',
    'http_response_status_code',
  ]);
}
