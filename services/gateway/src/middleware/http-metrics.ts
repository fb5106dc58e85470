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

/** Counts and times every HTTP request by method, route and status, once its answer is sent. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  const requests = metrics.counter('vrp_http_requests_total', 'HTTP requests answered, by method, route and status.', [
    'method',
    'route',
    'status',
  ]);
  const duration = metrics.histogram('vrp_http_request_duration_seconds', 'Time to answer an HTTP request.', ['method', 'route']);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req) };
      requests.inc({ ...labels, status: String(res.statusCode) });
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
