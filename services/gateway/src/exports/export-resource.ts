import { presentExport } from '@vrp/public-api';
import { downloadUrlOf, exportToProto, type ExportRecord } from '../db/exports.js';

// The contract's Export is also what export.completed carries, so it is rendered beside that event (db/exports.ts).
export { downloadUrlOf, exportToProto };

/** The export as GET /v1/exports/{id} answers it (and export.completed carries it). */
export const exportJson = (e: ExportRecord, baseUrl: string) => presentExport(exportToProto(e, baseUrl));
