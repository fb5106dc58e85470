import type { exports } from '@vrp/contracts';
import { EXPORT_FORMATS, EXPORT_STATUSES, EXPORT_TYPES } from '@vrp/webhook-verify';
import { isoTimestamp, member, requiredTimestamp } from '../format.js';
import type { ExportJson } from '../resources.js';

export type { ExportJson };

/** Turns a contract Export into exactly the JSON GET /v1/exports/{id} returns (and export.completed carries). */
export function presentExport(e: exports.Export): ExportJson {
  const completed = e.status === 'completed';
  return {
    id: e.id,
    type: member(EXPORT_TYPES, e.type, 'export.type'),
    format: member(EXPORT_FORMATS, e.format, 'export.format'),
    filters: JSON.parse(e.filtersJson || '{}') as Record<string, unknown>,
    status: member(EXPORT_STATUSES, e.status, 'export.status'),
    row_count: Number(e.rowCount),
    snapshot_at: requiredTimestamp(e.snapshotAt, 'export.snapshot_at'),
    created_at: requiredTimestamp(e.createdAt, 'export.created_at'),
    completed_at: isoTimestamp(e.completedAt),
    download_url: completed ? e.downloadUrl : null,
    expires_at: completed ? isoTimestamp(e.expiresAt) : null,
  };
}
