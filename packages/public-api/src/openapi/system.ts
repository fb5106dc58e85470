import { jsonResponse } from './components.js';
import type { OpenApiFragment } from './types.js';

/** What every route answers to a request the HTTP server cannot read (the same body as any error). */
const unreadable = {
  '431': jsonResponse('validation_error: the request line and headers exceed 64 KB.', { $ref: '#/components/schemas/Error' }, {}),
};

const unauthenticated = { security: [] };

export const schemas: OpenApiFragment['schemas'] = {
  Readiness: {
    type: 'object',
    required: ['status', 'checks'],
    properties: {
      status: { type: 'string', enum: ['ready', 'not_ready'] },
      checks: {
        type: 'object',
        description: 'One entry per dependency (postgres, nats and each downstream service).',
        additionalProperties: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'string', enum: ['up', 'down'] }, error: { type: 'string' } },
        },
      },
    },
  },
};

export const paths: OpenApiFragment['paths'] = {
  '/healthz': {
    get: {
      operationId: 'liveness',
      tags: ['Operations'],
      summary: 'Liveness: the process is up',
      ...unauthenticated,
      responses: { '200': jsonResponse('Alive.', { type: 'object', properties: { status: { const: 'ok' } } }, {}), ...unreadable },
    },
  },
  '/readyz': {
    get: {
      operationId: 'readiness',
      tags: ['Operations'],
      summary: 'Readiness: Postgres, NATS and every downstream service answer',
      ...unauthenticated,
      responses: {
        '200': jsonResponse('Ready.', { $ref: '#/components/schemas/Readiness' }, {}),
        '503': jsonResponse('A dependency is down.', { $ref: '#/components/schemas/Readiness' }, {}),
        ...unreadable,
      },
    },
  },
  '/v1/openapi.json': {
    get: {
      operationId: 'openapi',
      tags: ['Operations'],
      summary: 'This document',
      ...unauthenticated,
      responses: { '200': jsonResponse('The OpenAPI 3.1 document.', { type: 'object' }, {}), ...unreadable },
    },
  },
};
