import {
  errorResponses,
  idParam,
  idempotencyKeyParam,
  idempotentHeaders,
  jsonBody,
  jsonResponse,
  ref,
  rateLimitHeaders,
} from './components.js';
import type { OpenApiFragment } from './types.js';

export const schemas: OpenApiFragment['schemas'] = {};

const exportId = idParam('id', 'The export id.');

export const paths: OpenApiFragment['paths'] = {
  '/v1/exports': {
    post: {
      operationId: 'createExport',
      tags: ['Exports'],
      summary: 'Export a list',
      description:
        'Writes every payment, refund, mandate or event that matches the list filters, as of now (`snapshot_at`), to a CSV or JSONL file in the background. ' +
        'Poll GET /v1/exports/{id} or wait for export.completed, then download it. Filters are checked as the list checks them (400 names `filters.<param>`).',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('ExportCreate')),
      responses: {
        '202': jsonResponse('Accepted; the export, pending.', ref('Export'), idempotentHeaders),
        ...errorResponses({ '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
  },
  '/v1/exports/{id}': {
    get: {
      operationId: 'getExport',
      tags: ['Exports'],
      summary: 'Get an export',
      parameters: [exportId],
      responses: { '200': jsonResponse('The export.', ref('Export')), ...errorResponses({ '404': 'not_found.' }) },
    },
  },
  '/v1/exports/{id}/download': {
    get: {
      operationId: 'downloadExport',
      tags: ['Exports'],
      summary: 'Download a completed export',
      description: 'Streams the file. 404 `not_found` before it is completed, after `expires_at`, and for another merchant’s export.',
      parameters: [exportId],
      responses: {
        '200': {
          description: 'The file: CSV (a header line, then one row per resource) or JSONL (one resource per line).',
          headers: rateLimitHeaders,
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/x-ndjson': { schema: { type: 'string' } },
          },
        },
        ...errorResponses({ '404': 'not_found.' }),
      },
    },
  },
};
