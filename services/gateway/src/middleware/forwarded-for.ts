import type { Request, RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import type { GatewayConfig } from '../config.js';
import { addressKey } from '../domain/client-address.js';
import { errorBody } from './error-handler.js';
import { requestIdOf } from './locals.js';

/** The key of the request's client for per-address limits (req.ip honours TRUST_PROXY; IPv6 by its /64). */
export function clientAddressOf(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress);
}

const PROBLEM =
  'X-Forwarded-For arrived but TRUST_PROXY is not set: every client would share the proxy’s address (sign-in and every ' +
  'per-address limit with it). Set TRUST_PROXY to the number of proxies in front of the gateway (1 behind the chart’s Ingress).';

/**
 * A proxy in front of the gateway is announced by X-Forwarded-For. Without TRUST_PROXY the gateway
 * would take the proxy for the client, so in production such a request is refused with 503
 * service_unavailable, one error line is logged and `onMisconfigured` takes the gateway out of
 * rotation (its /readyz answers 503 until it restarts with the setting): a misconfigured rollout
 * stops instead of locking every console user out. Sandbox serves on and warns once.
 */
export function guardForwardedFor(
  config: Pick<GatewayConfig, 'env' | 'trustProxy'>,
  logger: Logger,
  onMisconfigured: (reason: string) => void,
): RequestHandler {
  let reported = false;
  return (req, res, next) => {
    if (config.trustProxy || req.headers['x-forwarded-for'] === undefined) return next();
    if (!reported) {
      reported = true;
      if (config.env === 'production') {
        logger.error(PROBLEM);
        onMisconfigured('TRUST_PROXY is not set behind a proxy');
      } else logger.warn(PROBLEM);
    }
    if (config.env !== 'production') return next();
    // Answered here, not thrown: the problem is logged once above, not once per request.
    const refused = new ApiError('service_unavailable', 'This gateway is not configured for the proxy in front of it; retry shortly.');
    res.status(refused.httpStatus).json(errorBody(refused, requestIdOf(res)));
  };
}
