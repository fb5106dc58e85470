import type { RequestHandler } from 'express';
import type { Logger } from '@vrp/logging';
import type { AuditLog } from '../db/audit-log.js';
import { clientAddressOf } from './forwarded-for.js';
import { actorOf, merchantOf } from './locals.js';

/** Changes of webhook endpoints, which the audit log keeps whoever makes them (a token or the console). */
const ENDPOINT_ACTIONS: [RegExp, string, string][] = [
  [/^POST \/v1\/webhook-endpoints$/, 'webhook_endpoint.created', ''],
  [/^DELETE \/v1\/webhook-endpoints\/([^/]+)$/, 'webhook_endpoint.deleted', 'webhook_endpoint'],
  [/^POST \/v1\/webhook-endpoints\/([^/]+)\/rotate-secret$/, 'webhook_endpoint.secret_rotated', 'webhook_endpoint'],
  [/^POST \/v1\/webhook-endpoints\/([^/]+)\/enable$/, 'webhook_endpoint.enabled', 'webhook_endpoint'],
  [/^(PATCH|POST) \/v1\/webhook-endpoints\/([^/]+)$/, 'webhook_endpoint.updated', 'webhook_endpoint'],
];

/**
 * Records successful /v1 changes in the audit log once answered: every change made with a
 * console session (the user, what, from where), and webhook endpoint changes made with an API
 * token too. A failure to record is logged, never turned into a failed answer.
 */
export function auditChanges(audit: AuditLog, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const path = req.originalUrl.split('?')[0]!;
    const at = new Date();
    res.on('finish', () => {
      const actor = actorOf(res);
      if (!actor || res.statusCode >= 400) return;
      const key = `${req.method} ${path}`;
      const known = ENDPOINT_ACTIONS.find(([pattern]) => pattern.test(key));
      if (!known && actor.type !== 'user') return;
      const match = known ? known[0].exec(key) : null;
      const targetId = match?.[match.length - 1];
      void audit
        .record({
          merchantId: merchantOf(res).id,
          actor,
          action: known ? known[1] : 'api.request',
          ...(known && known[2] && targetId ? { target: { type: known[2], id: targetId } } : {}),
          details: { method: req.method, path, status: res.statusCode },
          ip: clientAddressOf(req),
          ...(req.get('user-agent') ? { userAgent: req.get('user-agent')! } : {}),
          at,
        })
        .catch((err: unknown) => logger.error('audit log entry not recorded', { err, path }));
    });
    next();
  };
}
