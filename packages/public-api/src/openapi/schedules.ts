import { SCHEDULE_STATUSES } from '../vocabulary.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import { commonListParameters, idListParameter, listSchema, statusListParameter } from './pagination.js';
import type { OpenApiFragment } from './types.js';

export const schemas: OpenApiFragment['schemas'] = {
  ScheduleList: listSchema('Schedule'),
};

const scheduleId = idParam('id', 'The schedule id.');
const notFound = { '404': 'not_found (also for other merchants\u2019 schedules).' };

/** POST /v1/schedules/{id}/pause|resume|cancel. */
const move = (verb: 'pause' | 'resume' | 'cancel', summary: string, description: string, event: string) => ({
  post: {
    operationId: `${verb}Schedule`,
    tags: ['Schedules'],
    summary,
    description: `${description} Emits ${event}.`,
    parameters: [scheduleId, idempotencyKeyParam],
    responses: {
      '200': jsonResponse('The schedule.', ref('Schedule'), idempotentHeaders),
      ...errorResponses({ ...notFound, '422': 'invalid_state_transition (its status does not allow it).' }),
    },
  },
});

export const paths: OpenApiFragment['paths'] = {
  '/v1/schedules': {
    post: {
      operationId: 'createSchedule',
      tags: ['Schedules'],
      summary: 'Set up collections that run by themselves',
      description:
        'A schedule by interval (`amount`, `interval_unit`, `interval`, `day_of_month`, `start_date`, `end_date` or `count`) or by `instalments`. ' +
        'On each charge date (your clock) the platform creates exactly one payment for the cycle (`payment.schedule_id`), obeying every rule of the mandate: a cycle a limit blocks is deferred to the earliest time it allows (`on_limit: defer`, schedule.cycle_deferred) or dropped (`skip`, schedule.cycle_skipped). ' +
        'With `retry.enabled`, a payment failing with insufficient_funds or technical_error is retried by itself within 7 days (`payment.failed` carries `will_attempt_retry` and `next_retry_at`). A revoked or expired mandate ends its schedules (schedule.cancelled with `cancel_cause`). Emits schedule.created.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('ScheduleCreate'), true),
      responses: {
        '201': jsonResponse('The new schedule with its next 10 cycles.', ref('Schedule'), idempotentHeaders),
        ...errorResponses({
          '409': 'idempotency_key_in_use.',
          '422':
            'mandate_not_found, mandate_not_active, amount_exceeds_mandate_limit (names `amount` or `instalments[i].amount`) or idempotency_key_reused.',
        }),
      },
    },
    get: {
      operationId: 'listSchedules',
      tags: ['Schedules'],
      summary: 'List schedules',
      parameters: [
        ...commonListParameters,
        idListParameter('mandate_id', "Only this mandate's schedules."),
        statusListParameter(SCHEDULE_STATUSES),
      ],
      responses: { '200': jsonResponse('One page of schedules.', ref('ScheduleList')), ...errorResponses({ '403': 'merchant_mismatch.' }) },
    },
  },
  '/v1/schedules/{id}': {
    get: {
      operationId: 'getSchedule',
      tags: ['Schedules'],
      summary: 'Get a schedule',
      description: 'The schedule with its next 10 cycles. Its payments: GET /v1/payments?schedule_id={id}.',
      parameters: [scheduleId],
      responses: { '200': jsonResponse('The schedule.', ref('Schedule')), ...errorResponses(notFound) },
    },
  },
  '/v1/schedules/{id}/cycles/{charge_date}': {
    post: {
      operationId: 'setScheduleCycleAmount',
      tags: ['Schedules'],
      summary: "Set one cycle's amount",
      description:
        'Changes what one future cycle (named by its charge date) collects; checked against the mandate like the schedule\u2019s amount.',
      parameters: [
        scheduleId,
        {
          name: 'charge_date',
          in: 'path',
          required: true,
          description: 'The cycle\u2019s charge date.',
          schema: { type: 'string', format: 'date' },
        },
        idempotencyKeyParam,
      ],
      requestBody: jsonBody(ref('ScheduleCycleUpdate'), true),
      responses: {
        '200': jsonResponse('The schedule.', ref('Schedule'), idempotentHeaders),
        ...errorResponses({
          '404': 'not_found: no such schedule, or it has no cycle on that date.',
          '422': 'invalid_state_transition (the cycle was collected or dropped, or the schedule ended) or amount_exceeds_mandate_limit.',
        }),
      },
    },
  },
  '/v1/schedules/{id}/pause': move('pause', 'Pause a schedule', 'No cycle is collected until it is resumed.', 'schedule.paused'),
  '/v1/schedules/{id}/resume': move(
    'resume',
    'Resume a paused schedule',
    'Cycles that fell due while it was paused are dropped (schedule.cycle_skipped each); the next ones are collected.',
    'schedule.resumed',
  ),
  '/v1/schedules/{id}/cancel': move(
    'cancel',
    'Cancel a schedule',
    'No later cycle is collected; `cancel_cause` is `merchant`.',
    'schedule.cancelled',
  ),
};
