import type { Request, RequestHandler, Router } from 'express';
import { validationError } from '@vrp/errors';
import type { AuditFilters } from '../db/audit-log.js';
import type { Deps } from '../deps.js';
import type { Permission } from '../domain/roles.js';
import { sessionOf } from './console-request.js';
import { presentAuditEntry } from './presenters.js';

const PARAMS = new Set(['action', 'actor_id', 'created_at[gte]', 'created_at[lte]', 'page_size', 'before']);

/** The most rows one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

function dateParam(value: string, name: string): Date {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime()))
    throw validationError(name, `${name} must be an RFC 3339 date-time or a date`);
  return d;
}

/** The list's filters from the query string, strictly: an unknown or malformed parameter is a 400 naming it. */
function filtersOf(req: Request): { filters: AuditFilters; pageSize: number; before?: bigint } {
  const q = req.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(q)) {
    if (!PARAMS.has(key)) throw validationError(key, `unknown parameter ${key}`);
    if (typeof value !== 'string') throw validationError(key, `${key} must be given once`);
  }
  const s = q as Record<string, string | undefined>;
  const pageSize = s.page_size === undefined ? 50 : Number(s.page_size);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200) throw validationError('page_size', 'page_size must be 1 to 200');
  if (s.before !== undefined && !/^\d{1,19}$/.test(s.before)) throw validationError('before', 'before must be an entry id');
  if (s.action !== undefined && !/^[a-z_.]{1,64}$/.test(s.action))
    throw validationError('action', 'action must be an action name such as token.created');
  return {
    filters: {
      ...(s.action ? { action: s.action } : {}),
      ...(s.actor_id ? { actorId: s.actor_id } : {}),
      ...(s['created_at[gte]'] ? { createdGte: dateParam(s['created_at[gte]'], 'created_at[gte]') } : {}),
      ...(s['created_at[lte]'] ? { createdLte: dateParam(s['created_at[lte]'], 'created_at[lte]') } : {}),
    },
    pageSize,
    ...(s.before ? { before: BigInt(s.before) } : {}),
  };
}

/** A CSV field: quoted when it needs to be, and never read as a formula by a spreadsheet. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'id',
  'created_at',
  'action',
  'actor_type',
  'actor_id',
  'actor_email',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'details',
];

/**
 * The audit log for owners: a filtered list newest first (keyset pages by `before`), and the same
 * filters as a CSV download. Entries are only ever read here: no route changes them.
 */
export function registerAuditRoutes(router: Router, deps: Deps, may: (p: Permission) => RequestHandler): void {
  router.get('/audit-log', may('manage'), async (req, res) => {
    const { filters, pageSize, before } = filtersOf(req);
    const rows = await deps.audit.list(sessionOf(res).merchant.id, filters, {
      limit: pageSize + 1,
      ...(before !== undefined ? { beforeId: before } : {}),
    });
    const page = rows.slice(0, pageSize);
    res.json({
      results: page.map(presentAuditEntry),
      has_more: rows.length > pageSize,
      next_before: rows.length > pageSize ? String(page[page.length - 1]!.id) : null,
    });
  });

  router.get('/audit-log.csv', may('manage'), async (req, res) => {
    const { filters } = filtersOf(req);
    const merchantId = sessionOf(res).merchant.id;
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="audit-log-${merchantId}.csv"`);
    res.write(`${CSV_HEADER.join(',')}\r\n`);
    let before: bigint | undefined;
    let written = 0;
    // Pages of 1000 by id, written as they come: a long log never sits in memory whole.
    while (written < AUDIT_EXPORT_MAX_ROWS) {
      const rows = await deps.audit.list(merchantId, filters, { limit: 1000, ...(before !== undefined ? { beforeId: before } : {}) });
      for (const e of rows) {
        const cells = [
          e.id,
          e.createdAt.toISOString(),
          e.action,
          e.actorType,
          e.actorId,
          e.actorEmail,
          e.targetType,
          e.targetId,
          e.ip,
          e.userAgent,
          e.details,
        ];
        res.write(`${cells.map((c) => csvField(typeof c === 'bigint' ? String(c) : c)).join(',')}\r\n`);
      }
      written += rows.length;
      if (rows.length < 1000) break;
      before = rows[rows.length - 1]!.id;
    }
    res.end();
  });
}
