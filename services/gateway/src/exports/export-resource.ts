import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { exports } from '@vrp/contracts';
import { presentExport } from '@vrp/public-api';
import type { ExportRecord } from '../db/exports.js';

/** Where a completed export's file is downloaded, under the platform's address `baseUrl`. */
export const downloadUrlOf = (baseUrl: string, id: string) => `${baseUrl}/v1/exports/${id}/download`;

/** An export as the contract's Export: what export.completed carries and what GET /v1/exports/{id} presents. */
export function exportToProto(e: ExportRecord, baseUrl: string): exports.Export {
  const completed = e.status === 'completed';
  return create(exports.ExportSchema, {
    id: e.id,
    merchantId: e.merchantId,
    type: e.type,
    format: e.format,
    filtersJson: JSON.stringify(e.filters),
    status: e.status,
    rowCount: e.rowCount,
    snapshotAt: timestampFromDate(e.snapshotAt),
    createdAt: timestampFromDate(e.createdAt),
    ...(e.completedAt ? { completedAt: timestampFromDate(e.completedAt) } : {}),
    downloadUrl: completed ? downloadUrlOf(baseUrl, e.id) : '',
    ...(completed && e.expiresAt ? { expiresAt: timestampFromDate(e.expiresAt) } : {}),
  });
}

/** The export as GET /v1/exports/{id} answers it (and export.completed carries it). */
export const exportJson = (e: ExportRecord, baseUrl: string) => presentExport(exportToProto(e, baseUrl));
