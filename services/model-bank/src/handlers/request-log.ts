import type { RequestHandler } from 'express';
import type { Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';

/**
 * Counts and times every HTTP request by method, declared route and status (ids never become
 * labels), and logs one line per answer with its interaction id (never a path's ids, a query or a header).
 */
export function requestLog(metrics: Metrics, logger: Logger): RequestHandler {
  // OpenTelemetry's http.server.request.duration; its _count counts the requests.
  const duration = metrics.histogram(
    'http_server_request_duration_seconds',
    'Time to answer an HTTP request, by method, route and status.',
    ['http_request_method', 'http_route', 'http_response_status_code'],
  );
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const path = (req.route as { path?: string } | undefined)?.path;
      const route = typeof path === 'string' ? `${req.baseUrl}${path}` : 'other';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe({ http_request_method: req.method, http_route: route, http_response_status_code: String(res.statusCode) }, seconds);
      const interaction = res.getHeader('x-fapi-interaction-id');
      logger.info('request', {
        method: req.method,
        route,
        status: res.statusCode,
        duration_ms: Math.round(seconds * 1000),
        ...(interaction ? { interaction_id: String(interaction) } : {}),
      });
    });
    next();
  };
}
