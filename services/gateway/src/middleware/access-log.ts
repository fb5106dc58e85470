import type { RequestHandler } from 'express';
import type { Logger } from '@vrp/logging';
import { activeTraceId } from '@vrp/tracing';
import { routeOf } from './http-metrics.js';
import { requestIdOf } from './locals.js';

/**
 * One line per answered request: method, declared route, status, duration, request id and, once
 * authenticated, the merchant, and the trace id. Never the path's ids, the query or any header (so no credentials).
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: the answer's 'finish' runs outside the request's trace context.
    const traceId = activeTraceId();
    res.once('finish', () => {
      const merchant = (res.locals as { merchant?: { id: string } }).merchant;
      logger.info('request', {
        method: req.method,
        route: routeOf(req),
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        request_id: requestIdOf(res),
        ...(merchant ? { merchant_id: merchant.id } : {}),
        ...(traceId ? { trace_id: traceId } : {}),
      });
    });
    next();
  };
}
