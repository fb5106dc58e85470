import type { JsonObject } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import { schedule as pb } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import type { Deps } from '../deps.js';
import type { IntervalRule } from '../domain/charge-dates.js';
import { toScheduleMessage } from '../db/schedule-events.js';
import { toCycleMessage } from '../messages.js';
import { changeSchedule } from '../usecases/change-schedule.js';
import { createSchedule } from '../usecases/create-schedule.js';
import { getSchedule, listPastCycles } from '../usecases/get-schedule.js';
import { listSchedules } from '../usecases/list-schedules.js';
import { setCycleAmount } from '../usecases/set-cycle-amount.js';

const UNIT_FROM_PROTO = new Map<pb.IntervalUnit, IntervalRule['unit']>([
  [pb.IntervalUnit.DAY, 'day'],
  [pb.IntervalUnit.WEEK, 'week'],
  [pb.IntervalUnit.MONTH, 'month'],
  [pb.IntervalUnit.YEAR, 'year'],
]);
const STATUS_FROM_PROTO = new Map<pb.ScheduleStatus, string>([
  [pb.ScheduleStatus.ACTIVE, 'active'],
  [pb.ScheduleStatus.PAUSED, 'paused'],
  [pb.ScheduleStatus.CANCELLED, 'cancelled'],
  [pb.ScheduleStatus.COMPLETED, 'completed'],
]);

/** The schedule rpcs: proto in, use case, proto out. */
export function scheduleHandlers(deps: Deps): ServiceImpl<typeof pb.ScheduleService> {
  const one = (view: Parameters<typeof toScheduleMessage>[0]) => ({ schedule: toScheduleMessage(view) });
  return {
    async createSchedule(req) {
      return one(
        await createSchedule(deps, {
          merchantId: req.merchantId,
          mandateId: req.mandateId,
          amount: req.amount,
          interval: {
            unit: UNIT_FROM_PROTO.get(req.intervalUnit) ?? null,
            interval: req.interval,
            dayOfMonth: req.dayOfMonth,
            startDate: req.startDate,
            endDate: req.endDate,
            count: req.count,
          },
          instalments: req.instalments.map((i) => ({ chargeDate: i.chargeDate, amount: i.amount })),
          onLimit: req.onLimit === pb.OnLimit.SKIP ? 'skip' : 'defer',
          retryEnabled: req.retryEnabled,
          maxRetries: req.maxRetries,
          metadata: (req.metadata ?? {}) as JsonObject,
        }),
      );
    },
    async getSchedule(req) {
      return one(await getSchedule(deps, req.merchantId, req.id));
    },
    async listSchedules(req) {
      const statuses = req.statuses.map((s) => {
        const status = STATUS_FROM_PROTO.get(s);
        if (!status) throw validationError('status', 'unknown schedule status');
        return status;
      });
      const { items, hasMore } = await listSchedules(
        deps,
        {
          merchantId: req.merchantId,
          mandateId: req.mandateId,
          statuses,
          createdAt: {
            ...(req.createdAt?.gte ? { gte: timestampDate(req.createdAt.gte) } : {}),
            ...(req.createdAt?.lte ? { lte: timestampDate(req.createdAt.lte) } : {}),
          },
        },
        req.page,
      );
      return { schedules: items.map(toScheduleMessage), pageInfo: { hasMore } };
    },
    async pauseSchedule(req) {
      return one(await changeSchedule(deps, req.merchantId, req.id, 'pause'));
    },
    async resumeSchedule(req) {
      return one(await changeSchedule(deps, req.merchantId, req.id, 'resume'));
    },
    async cancelSchedule(req) {
      return one(await changeSchedule(deps, req.merchantId, req.id, 'cancel'));
    },
    async setCycleAmount(req) {
      return one(await setCycleAmount(deps, { merchantId: req.merchantId, id: req.id, chargeDate: req.chargeDate, amount: req.amount }));
    },
    async listCycles(req) {
      return { cycles: (await listPastCycles(deps, req.merchantId, req.id, req.limit)).map(toCycleMessage) };
    },
  };
}
