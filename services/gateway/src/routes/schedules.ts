import type { Router } from 'express';
import type { JsonObject } from '@bufbuild/protobuf';
import { schedule } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { SCHEDULE_STATUSES, createScheduleBody, enumValue, presentSchedule, setCycleAmountBody, validateMetadata } from '@vrp/public-api';
import type { Deps } from '../deps.js';
import { defineList, enumFilter, idFilter, listResponse, singleResourceQuery } from '../lists/index.js';
import { merchantOf } from '../middleware/locals.js';
import { noBody, parseRequest } from '../validation/body.js';

const { IntervalUnit, OnLimit, ScheduleStatus } = schedule;

const scheduleList = defineList({
  resource: 'schedules',
  filters: { mandate_id: idFilter(), status: enumFilter(SCHEDULE_STATUSES) },
  amount: false,
  orders: ['-created_at', 'created_at'],
});

/** The schedule in a contract response; its absence would be a broken service, not a client error. */
function required(s: schedule.Schedule | undefined): schedule.Schedule {
  if (!s) throw new Error('schedule service answered without a schedule');
  return s;
}

const UNITS = { day: IntervalUnit.DAY, week: IntervalUnit.WEEK, month: IntervalUnit.MONTH, year: IntervalUnit.YEAR } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * POST/GET /v1/schedules, GET /v1/schedules/:id, POST /v1/schedules/:id/cycles/:charge_date and
 * POST /v1/schedules/:id/{pause|resume|cancel} (docs/api.md, "Schedules").
 */
export function registerScheduleRoutes(router: Router, deps: Deps): void {
  const { schedule: schedules } = deps.clients;

  router.post('/schedules', async (req, res) => {
    const body = parseRequest(createScheduleBody, req.body);
    const out = await schedules.createSchedule({
      merchantId: merchantOf(res).id,
      mandateId: body.mandate_id,
      amount: body.amount ?? '',
      intervalUnit: body.interval_unit ? UNITS[body.interval_unit] : IntervalUnit.UNSPECIFIED,
      interval: body.interval ?? 0,
      dayOfMonth: body.day_of_month ?? 0,
      startDate: body.start_date ?? '',
      endDate: body.end_date ?? '',
      count: body.count ?? 0,
      instalments: (body.instalments ?? []).map((i) => ({ chargeDate: i.charge_date, amount: i.amount })),
      onLimit: body.on_limit === 'skip' ? OnLimit.SKIP : OnLimit.DEFER,
      retryEnabled: body.retry?.enabled ?? false,
      maxRetries: body.retry?.max_retries ?? 0,
      metadata: validateMetadata(body.metadata) as JsonObject,
    });
    res.status(201).json(presentSchedule(required(out.schedule)));
  });

  router.get('/schedules', async (req, res) => {
    const merchantId = merchantOf(res).id;
    const list = scheduleList.parse(req.query, { merchantId, cursors: deps.cursors });
    const out = await schedules.listSchedules({
      merchantId,
      mandateId: list.filters.mandate_id ?? '',
      statuses: (list.filters.status ?? []).map((s) => enumValue<schedule.ScheduleStatus>(ScheduleStatus, s, 'SCHEDULE_STATUS_')!),
      createdAt: list.createdAt,
      page: list.page,
    });
    res.json(
      listResponse(list, out.schedules, out.pageInfo, {
        cursors: deps.cursors,
        keyOf: (s) => ({ createdAt: s.createdAt, amountMinor: s.amountMinor, id: s.id }),
        present: presentSchedule,
      }),
    );
  });

  router.get('/schedules/:id', async (req, res) => {
    singleResourceQuery(req.query, []);
    const out = await schedules.getSchedule({ merchantId: merchantOf(res).id, id: req.params.id as string });
    res.json(presentSchedule(required(out.schedule)));
  });

  router.post('/schedules/:id/cycles/:charge_date', async (req, res) => {
    const { amount } = parseRequest(setCycleAmountBody, req.body);
    const chargeDate = req.params.charge_date as string;
    if (!DATE.test(chargeDate)) throw validationError('charge_date', 'charge_date must be a date YYYY-MM-DD');
    const out = await schedules.setCycleAmount({ merchantId: merchantOf(res).id, id: req.params.id as string, chargeDate, amount });
    res.json(presentSchedule(required(out.schedule)));
  });

  for (const verb of ['pause', 'resume', 'cancel'] as const) {
    router.post(`/schedules/:id/${verb}`, async (req, res) => {
      noBody(req.body);
      const request = { merchantId: merchantOf(res).id, id: req.params.id as string };
      const out =
        verb === 'pause'
          ? await schedules.pauseSchedule(request)
          : verb === 'resume'
            ? await schedules.resumeSchedule(request)
            : await schedules.cancelSchedule(request);
      res.json(presentSchedule(required(out.schedule)));
    });
  }
}
