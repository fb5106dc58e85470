import type { Router } from 'express';
import type { Readiness } from '../readiness.js';

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (its Postgres and NATS answer):
 * public, so they say only up or down; which dependency is down goes to the logs and the metrics port.
 */
export function registerHealthRoutes(router: Router, readiness: Readiness): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const report = await readiness.check();
    res.status(report.status === 'ready' ? 200 : 503).json({ status: report.status });
  });
}
