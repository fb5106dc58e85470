import type { ExportFormat, ExportType } from '../db/exports.js';

/** A CSV column: its header and the path of the value in the resource as the API presents it. */
type Column = [header: string, path: string];

/**
 * The CSV columns of each export type: one row per resource, amounts in major units beside a
 * currency column, nested values (metadata, an event's data) as JSON text. JSONL lines are the
 * resources exactly as the API presents them.
 */
export const CSV_COLUMNS: Record<ExportType, Column[]> = {
  payments: cols(
    'id created_at mandate_id status amount currency amount_refunded reference end_to_end_id settlement_date failure_code retry_count clearing_status metadata',
  ),
  refunds: cols('id created_at payment_id status amount currency reason expected_settlement_date settled_at metadata'),
  mandates: [
    ...cols('id created_at customer_id status'),
    ['maximum_amount', 'limits.maximum_amount'],
    ['currency', 'limits.currency'],
    ['frequency', 'limits.frequency'],
    ...cols('description revoked_at revoked_by suspended_at metadata'),
  ],
  events: [...cols('id created_at event_type delivery_status'), ['resource_id', 'data.id'], ['data', 'data']],
};

function cols(names: string): Column[] {
  return names.split(' ').map((n) => [n, n]);
}

const valueAt = (row: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote mark, except
 * numbers such as a negative amount.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What opens the file: the CSV header line (JSONL has none). */
export function fileHeader(type: ExportType, format: ExportFormat): string {
  return format === 'csv' ? `${CSV_COLUMNS[type].map(([h]) => h).join(',')}\r\n` : '';
}

/** One resource as a line of the file. */
export function fileLine(type: ExportType, format: ExportFormat, row: Record<string, unknown>): string {
  if (format === 'jsonl') return `${JSON.stringify(row)}\n`;
  return `${CSV_COLUMNS[type].map(([, path]) => csvField(valueAt(row, path))).join(',')}\r\n`;
}
