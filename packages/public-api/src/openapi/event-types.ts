import { WEBHOOK_EVENT_TYPES } from '../vocabulary.js';
import { errorResponses, jsonResponse, ref } from './components.js';
import type { OpenApiFragment } from './types.js';

export const schemas: OpenApiFragment['schemas'] = {
  EventTypeDescription: {
    type: 'object',
    description: 'One event type the platform sends, with the JSON Schema of the `data` its deliveries carry.',
    required: ['type', 'description', 'schema'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES], examples: ['payment.settled'] },
      description: { type: 'string', description: 'When it is sent.' },
      schema: {
        type: 'object',
        description: 'JSON Schema (2020-12) of the delivered `data`: the resource as its own GET endpoint returns it.',
      },
    },
  },
};

export const paths: OpenApiFragment['paths'] = {
  '/v1/event-types': {
    get: {
      operationId: 'listEventTypes',
      tags: ['Webhooks'],
      summary: 'List the event types',
      description:
        'Every event type an endpoint can subscribe to (`enabled_events`), with when it is sent and the JSON Schema of its `data`. ' +
        'The same schemas type `VrpEvent` in `@vrp/webhook-verify` and the SDK.',
      responses: {
        '200': jsonResponse('Every event type, in a fixed order.', { type: 'array', items: ref('EventTypeDescription') }),
        ...errorResponses(),
      },
    },
  },
};
