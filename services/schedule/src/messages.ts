// Stored rows as contract messages, for the handlers and the events.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { schedule as pb } from '@vrp/contracts';
import type { CycleRow } from './db/schedules.js';

// The schedule message is also what schedule events carry, so it is rendered beside them (db/schedule-events.ts).

export function toCycleMessage(c: CycleRow): pb.Cycle {
  return create(pb.CycleSchema, {
    chargeDate: c.chargeDate,
    amountMinor: c.amountMinor,
    status: c.status,
    paymentId: c.paymentId ?? '',
    dueAt: timestampFromDate(c.dueAt),
    deferrals: c.deferrals,
  });
}
