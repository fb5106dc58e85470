import type { Router } from 'express';
import { advanceSandboxClockBody } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { advanceClockOffset, clockOffsetOf } from '../db/sandbox-clocks.js';
import { singleResourceQuery } from '../lists/index.js';
import { merchantOf } from '../middleware/locals.js';
import { parseRequest } from '../validation/body.js';

const present = (offsetMs: number) => ({ now: new Date(Date.now() + offsetMs).toISOString() });

/**
 * The merchant's sandbox clock (docs/api.md, "Sandbox clock"): the gateway keeps its offset from the
 * wall clock and sets it on every service with time rules before answering an advance.
 */
export function registerSandboxClockRoutes(router: Router, deps: Deps): void {
  router.get('/sandbox/clock', async (req, res) => {
    singleResourceQuery(req.query, []); // an unknown parameter is a 400, as on every GET
    res.json(present(await clockOffsetOf(deps.db, merchantOf(res).id)));
  });

  router.post('/sandbox/clock/advance', async (req, res) => {
    const { seconds } = parseRequest(advanceSandboxClockBody, req.body);
    const merchantId = merchantOf(res).id;
    const offsetMs = await advanceClockOffset(deps.db, merchantId, seconds * 1000, (offset) =>
      deps.clients.clocks.push(merchantId, offset),
    );
    res.json(present(offsetMs));
  });
}
