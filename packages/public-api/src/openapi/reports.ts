import { errorResponses, jsonResponse, ref } from './components.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const date = (description: string): OpenApiObject => ({ type: 'string', format: 'date', description, examples: ['2026-11-01'] });
const count = (description: string): OpenApiObject => ({ type: 'integer', minimum: 0, description });

const rangeParameters: OpenApiObject[] = [
  {
    name: 'from',
    in: 'query',
    required: true,
    description: 'First UTC day of the report (inclusive), YYYY-MM-DD.',
    schema: date('First day.'),
  },
  {
    name: 'to',
    in: 'query',
    required: true,
    description: 'The UTC day after the last one (exclusive), YYYY-MM-DD; at most 92 days after `from`.',
    schema: date('Day after the last day.'),
  },
];

const rangeErrors = errorResponses({
  '422':
    'invalid_date_range: `from` or `to` is missing or not a calendar date, `to` is not after `from`, or the range is longer than 92 days (`param` names which).',
});

export const schemas: OpenApiFragment['schemas'] = {
  DailyPaymentCurrency: {
    type: 'object',
    description: "One currency's figures of one day. Amounts of different currencies are never added together.",
    required: ['currency', 'created', 'succeeded', 'failed', 'collected_count', 'collected'],
    additionalProperties: false,
    properties: {
      currency: { type: 'string', pattern: '^[A-Z]{3}$', examples: ['GBP'] },
      created: count('Payments created that day.'),
      succeeded: count('Of the payments created that day, those settled now (`settled`, or `refunded` after settling).'),
      failed: count('Of the payments created that day, those `failed` now.'),
      collected_count: count('Payments whose `settlement_date` is that day.'),
      collected: { type: 'string', description: 'Their amount, a decimal string in major units.', examples: ['1250.00'] },
    },
  },
  DailyPaymentReportDay: {
    type: 'object',
    required: ['date', 'currencies'],
    additionalProperties: false,
    properties: {
      date: date('The UTC day.'),
      currencies: { type: 'array', items: ref('DailyPaymentCurrency'), description: 'By currency code; empty on a day without payments.' },
    },
  },
  DailyPaymentReport: {
    type: 'object',
    required: ['from', 'to', 'days'],
    additionalProperties: false,
    properties: {
      from: date('As asked.'),
      to: date('As asked (exclusive).'),
      days: { type: 'array', items: ref('DailyPaymentReportDay'), description: 'Every day of the range, oldest first.' },
    },
  },
  DailyDeliveryReportDay: {
    type: 'object',
    required: ['date', 'events', 'delivered', 'pending', 'failed'],
    additionalProperties: false,
    properties: {
      date: date('The UTC day.'),
      events: count('Events created that day.'),
      delivered: count('Of those, `delivered`.'),
      pending: count('Of those, still being delivered (`pending` or `retrying`).'),
      failed: count('Of those, `delivery_failed`.'),
    },
  },
  DailyDeliveryReport: {
    type: 'object',
    required: ['from', 'to', 'days'],
    additionalProperties: false,
    properties: {
      from: date('As asked.'),
      to: date('As asked (exclusive).'),
      days: { type: 'array', items: ref('DailyDeliveryReportDay'), description: 'Every day of the range, oldest first.' },
    },
  },
};

export const paths: OpenApiFragment['paths'] = {
  '/v1/reports/payments/daily': {
    get: {
      operationId: 'getDailyPaymentReport',
      tags: ['Reports'],
      summary: 'Payments per day',
      description:
        'Per UTC day of [`from`, `to`) and per currency: the payments created that day and how many of them settled or failed, ' +
        'and the payments whose settlement date is that day with their amount. Counted by the platform over all your payments; ' +
        'every day of the range is present, a day without payments with an empty `currencies`.',
      parameters: rangeParameters,
      responses: { '200': jsonResponse('The report.', ref('DailyPaymentReport')), ...rangeErrors },
    },
  },
  '/v1/reports/webhook-deliveries/daily': {
    get: {
      operationId: 'getDailyDeliveryReport',
      tags: ['Reports'],
      summary: 'Webhook deliveries per day',
      description:
        'Per UTC day of [`from`, `to`): the events created that day by their `delivery_status` now. ' +
        'Every day of the range is present, a day without events with zeros.',
      parameters: rangeParameters,
      responses: { '200': jsonResponse('The report.', ref('DailyDeliveryReport')), ...rangeErrors },
    },
  },
};
