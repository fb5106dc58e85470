import type { Router } from 'express';
import { eventTypeCatalogue } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { singleResourceQuery } from '../lists/index.js';

/** GET /v1/event-types: every event type with the JSON Schema of its `data` (the same for every merchant). */
export function registerEventTypeRoutes(router: Router, _deps: Deps): void {
  router.get('/event-types', (req, res) => {
    singleResourceQuery(req.query, []);
    res.json(eventTypeCatalogue());
  });
}
