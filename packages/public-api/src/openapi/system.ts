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
    required: ['status'],
    additionalProperties: false,
    description:
      'Only up or down: which dependency is down is logged and shown on the metrics port (vrp_gateway_dependency_up), never here.',
    properties: { status: { type: 'string', enum: ['ready', 'not_ready'] } },
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
      summary: "Readiness: the gateway's Postgres and NATS answer (checked at most once a second)",
      ...unauthenticated,
      responses: {
        '200': jsonResponse('Ready.', { $ref: '#/components/schemas/Readiness' }, {}),
        '503': jsonResponse(
          'A dependency is down, or the gateway found itself misconfigured.',
          { $ref: '#/components/schemas/Readiness' },
          {},
        ),
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
