import type { RequestHandler } from 'express';
import type { Metrics } from '@vrp/metrics';

/** Counts and times every HTTP request by method, declared route and status (ids never become labels). */
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
      const path = (req.route as { path?: string } | undefined)?.path;
      const route = typeof path === 'string' ? `${req.baseUrl}${path}` : 'other';
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      duration.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
