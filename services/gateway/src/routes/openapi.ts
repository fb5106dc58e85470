import type { Router } from 'express';
import { openapiDocument } from '@vrp/public-api';

/** GET /v1/openapi.json: the public contract, unauthenticated. */
export function registerOpenApiRoutes(router: Router): void {
  const document = openapiDocument();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
}
