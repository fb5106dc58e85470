import type { Request, Response, Router } from 'express';
import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { createExportBody } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { clockOffsetOf } from '../db/sandbox-clocks.js';
import { EXPORT_SOURCES } from '../exports/export-sources.js';
import { exportJson } from '../exports/export-resource.js';
import { merchantOf } from '../middleware/locals.js';
import { parseRequest } from '../validation/body.js';
import { idParam } from '../validation/ids.js';
import { singleResourceQuery } from '../lists/index.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' } as const;

const baseUrlOf = (req: Request) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;

/**
 * POST /v1/exports (202, the work runs in the background), GET /v1/exports/{id}, and
 * GET /v1/exports/{id}/download, which streams the completed file chunk by chunk until it expires
 * (then, like an export that does not exist or is another merchant's, 404 not_found).
 */
export function registerExportRoutes(router: Router, deps: Deps): void {
  const exportsOf = () => {
    if (!deps.exports) throw new Error('exports are not configured on this gateway');
    return deps.exports;
  };

  router.post('/exports', async (req, res) => {
    const body = parseRequest(createExportBody, req.body);
    const merchantId = merchantOf(res).id;
    const filters = body.filters ?? {};
    EXPORT_SOURCES[body.type].check(merchantId, filters, deps.cursors);
    // The snapshot is on the merchant's clock, as their resources' creation times are (sandbox time travel).
    const offset = deps.config.env === 'sandbox' ? await clockOffsetOf(deps.db, merchantId) : 0;
    const created = await exportsOf().store.create({
      id: newId('export'),
      merchantId,
      type: body.type,
      format: body.format,
      filters,
      snapshotAt: new Date(Date.now() + offset),
    });
    exportsOf().worker?.nudge();
    res.status(202).json(exportJson(created, baseUrlOf(req)));
  });

  const found = async (req: Request, res: Response) => {
    const id = idParam('id', req.params.id as string);
    const e = await exportsOf().store.find(merchantOf(res).id, id);
    if (!e) throw new ApiError('not_found', 'No such export.');
    return e;
  };

  router.get('/exports/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    res.json(exportJson(await found(req, res), baseUrlOf(req)));
  });

  router.get('/exports/:id/download', async (req, res) => {
    singleResourceQuery(req.query, []);
    const e = await found(req, res);
    if (e.status !== 'completed' || !e.expiresAt || e.expiresAt <= new Date()) {
      throw new ApiError('not_found', e.status === 'completed' ? 'The export has expired.' : 'The export is not completed.');
    }
    res.status(200);
    res.set({
      'Content-Type': CONTENT_TYPES[e.format],
      'Content-Disposition': `attachment; filename="${e.id}.${e.format}"`,
    });
    // One chunk in memory at a time; the socket's back-pressure paces the reads.
    for (let seq = 0; seq < e.chunkCount; seq++) {
      const chunk = await exportsOf().store.chunk(e.id, seq);
      if (!chunk) throw new Error(`export ${e.id} lost chunk ${seq}`);
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      if (res.destroyed) return;
    }
    res.end();
  });
}
