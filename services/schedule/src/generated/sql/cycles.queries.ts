/** Types generated for queries found in "src/db/sql/cycles.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'ClaimDueCycles' parameters type */
export interface IClaimDueCyclesParams {
  aheadMs: NumberOrString;
  leaseMs: NumberOrString;
  limit: NumberOrString;
  wall: DateOrString;
}

/** 'ClaimDueCycles' return type */
export interface IClaimDueCyclesResult {
  amountMinor: string;
  attempt: number;
  chargeDate: string;
  currency: string;
  deferrals: number;
  dueAt: Date;
  mandateFrequency: string;
  mandateId: string;
  maxRetries: number;
  merchantId: string;
  onLimit: string;
  paymentId: string | null;
  scheduleId: string;
  seq: number;
  status: string;
}

/** 'ClaimDueCycles' query type */
export interface IClaimDueCyclesQuery {
  params: IClaimDueCyclesParams;
  result: IClaimDueCyclesResult;
}

const claimDueCyclesIR: any = {"usedParamSet":{"wall":true,"aheadMs":true,"limit":true,"leaseMs":true},"params":[{"name":"wall","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":254},{"a":339,"b":344},{"a":466,"b":471},{"a":626,"b":631}]},{"name":"aheadMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":280}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":543,"b":549}]},{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":649,"b":657}]}],"statement":"WITH due AS (\n  SELECT c.schedule_id, c.charge_date FROM schedule.cycles c\n    JOIN schedule.schedules s ON s.id = c.schedule_id\n    LEFT JOIN schedule.merchant_clocks k ON k.merchant_id = c.merchant_id\n   WHERE c.status = 'pending' AND c.due_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')\n     AND c.due_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')\n     AND (c.lease_until IS NULL OR c.lease_until < :wall!::timestamptz)\n     AND s.status = 'active'\n   ORDER BY c.due_at LIMIT :limit!\n   FOR UPDATE OF c SKIP LOCKED)\nUPDATE schedule.cycles c SET lease_until = :wall!::timestamptz + (:leaseMs!::bigint * interval '1 millisecond'), updated_at = now()\n  FROM due, schedule.schedules s\n WHERE c.schedule_id = due.schedule_id AND c.charge_date = due.charge_date AND s.id = c.schedule_id\nRETURNING c.schedule_id AS \"scheduleId\", to_char(c.charge_date, 'YYYY-MM-DD') AS \"chargeDate!\", c.seq, c.amount_minor AS \"amountMinor\",\n       c.status, c.due_at AS \"dueAt\", c.attempt, c.deferrals, c.payment_id AS \"paymentId\",\n       s.merchant_id AS \"merchantId\", s.mandate_id AS \"mandateId\", s.currency, s.on_limit AS \"onLimit\", s.max_retries AS \"maxRetries\",\n       s.mandate_frequency AS \"mandateFrequency\""};

/**
 * Query generated from SQL:
 * ```
 * WITH due AS (
 *   SELECT c.schedule_id, c.charge_date FROM schedule.cycles c
 *     JOIN schedule.schedules s ON s.id = c.schedule_id
 *     LEFT JOIN schedule.merchant_clocks k ON k.merchant_id = c.merchant_id
 *    WHERE c.status = 'pending' AND c.due_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')
 *      AND c.due_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
 *      AND (c.lease_until IS NULL OR c.lease_until < :wall!::timestamptz)
 *      AND s.status = 'active'
 *    ORDER BY c.due_at LIMIT :limit!
 *    FOR UPDATE OF c SKIP LOCKED)
 * UPDATE schedule.cycles c SET lease_until = :wall!::timestamptz + (:leaseMs!::bigint * interval '1 millisecond'), updated_at = now()
 *   FROM due, schedule.schedules s
 *  WHERE c.schedule_id = due.schedule_id AND c.charge_date = due.charge_date AND s.id = c.schedule_id
 * RETURNING c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
 *        c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId",
 *        s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.currency, s.on_limit AS "onLimit", s.max_retries AS "maxRetries",
 *        s.mandate_frequency AS "mandateFrequency"
 * ```
 */
export const claimDueCycles = new PreparedQuery<IClaimDueCyclesParams,IClaimDueCyclesResult>(claimDueCyclesIR);


/** 'RecordCreated' parameters type */
export interface IRecordCreatedParams {
  attempts: numberArray;
  chargeDates: DateOrStringArray;
  paymentIds: stringArray;
  scheduleIds: stringArray;
}

/** 'RecordCreated' return type */
export interface IRecordCreatedResult {
  schedule_id: string;
  seq: number;
}

/** 'RecordCreated' query type */
export interface IRecordCreatedQuery {
  params: IRecordCreatedParams;
  result: IRecordCreatedResult;
}

const recordCreatedIR: any = {"usedParamSet":{"scheduleIds":true,"chargeDates":true,"attempts":true,"paymentIds":true},"params":[{"name":"scheduleIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":129,"b":141}]},{"name":"chargeDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":164}]},{"name":"attempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":184}]},{"name":"paymentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":205}]}],"statement":"UPDATE schedule.cycles c SET status = 'created', payment_id = u.payment_id, lease_until = NULL, updated_at = now()\n  FROM unnest(:scheduleIds!::text[], :chargeDates!::date[], :attempts!::int[], :paymentIds!::text[]) AS u(schedule_id, charge_date, attempt, payment_id)\n WHERE c.schedule_id = u.schedule_id AND c.charge_date = u.charge_date AND c.status = 'pending' AND c.attempt = u.attempt\nRETURNING c.schedule_id, c.seq"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles c SET status = 'created', payment_id = u.payment_id, lease_until = NULL, updated_at = now()
 *   FROM unnest(:scheduleIds!::text[], :chargeDates!::date[], :attempts!::int[], :paymentIds!::text[]) AS u(schedule_id, charge_date, attempt, payment_id)
 *  WHERE c.schedule_id = u.schedule_id AND c.charge_date = u.charge_date AND c.status = 'pending' AND c.attempt = u.attempt
 * RETURNING c.schedule_id, c.seq
 * ```
 */
export const recordCreated = new PreparedQuery<IRecordCreatedParams,IRecordCreatedResult>(recordCreatedIR);


/** 'CountPaymentsCreated' parameters type */
export interface ICountPaymentsCreatedParams {
  counts: numberArray;
  ids: stringArray;
}

/** 'CountPaymentsCreated' return type */
export type ICountPaymentsCreatedResult = void;

/** 'CountPaymentsCreated' query type */
export interface ICountPaymentsCreatedQuery {
  params: ICountPaymentsCreatedParams;
  result: ICountPaymentsCreatedResult;
}

const countPaymentsCreatedIR: any = {"usedParamSet":{"ids":true,"counts":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":114}]},{"name":"counts","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":132}]}],"statement":"UPDATE schedule.schedules s SET payments_created = s.payments_created + u.n, updated_at = now()\n  FROM unnest(:ids!::text[], :counts!::int[]) AS u(id, n) WHERE s.id = u.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.schedules s SET payments_created = s.payments_created + u.n, updated_at = now()
 *   FROM unnest(:ids!::text[], :counts!::int[]) AS u(id, n) WHERE s.id = u.id
 * ```
 */
export const countPaymentsCreated = new PreparedQuery<ICountPaymentsCreatedParams,ICountPaymentsCreatedResult>(countPaymentsCreatedIR);


/** 'SchedulesByIds' parameters type */
export interface ISchedulesByIdsParams {
  ids: stringArray;
}

/** 'SchedulesByIds' return type */
export interface ISchedulesByIdsResult {
  amountMinor: string | null;
  cancelCause: string | null;
  createdAt: Date;
  currency: string;
  cycleCount: number | null;
  dayOfMonth: number | null;
  endDate: string | null;
  id: string;
  instalments: boolean;
  intervalCount: number | null;
  intervalUnit: string | null;
  mandateFrequency: string;
  mandateId: string;
  maxRetries: number;
  merchantId: string;
  metadata: Json;
  onLimit: string;
  paymentsCreated: number;
  retryEnabled: boolean;
  startDate: string;
  status: string;
}

/** 'SchedulesByIds' query type */
export interface ISchedulesByIdsQuery {
  params: ISchedulesByIdsParams;
  result: ISchedulesByIdsResult;
}

const schedulesByIdsIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":707,"b":711}]}],"statement":"SELECT s.id, s.merchant_id AS \"merchantId\", s.mandate_id AS \"mandateId\", s.status, s.currency, s.amount_minor AS \"amountMinor\",\n       s.interval_unit AS \"intervalUnit\", s.interval_count AS \"intervalCount\", s.day_of_month AS \"dayOfMonth\",\n       to_char(s.start_date, 'YYYY-MM-DD') AS \"startDate!\", to_char(s.end_date, 'YYYY-MM-DD') AS \"endDate\", s.cycle_count AS \"cycleCount\",\n       s.instalments, s.on_limit AS \"onLimit\", s.retry_enabled AS \"retryEnabled\", s.max_retries AS \"maxRetries\",\n       s.mandate_frequency AS \"mandateFrequency\", s.metadata, s.cancel_cause AS \"cancelCause\", s.payments_created AS \"paymentsCreated\",\n       s.created_at AS \"createdAt\"\n  FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
 *        s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
 *        to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
 *        s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
 *        s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
 *        s.created_at AS "createdAt"
 *   FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[])
 * ```
 */
export const schedulesByIds = new PreparedQuery<ISchedulesByIdsParams,ISchedulesByIdsResult>(schedulesByIdsIR);


/** 'PlanCycles' parameters type */
export interface IPlanCyclesParams {
  amounts: NumberOrStringArray;
  chargeDates: DateOrStringArray;
  ids: stringArray;
  merchantIds: stringArray;
  seqs: numberArray;
}

/** 'PlanCycles' return type */
export type IPlanCyclesResult = void;

/** 'PlanCycles' query type */
export interface IPlanCyclesQuery {
  params: IPlanCyclesParams;
  result: IPlanCyclesResult;
}

const planCyclesIR: any = {"usedParamSet":{"ids":true,"chargeDates":true,"seqs":true,"merchantIds":true,"amounts":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":168}]},{"name":"chargeDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":191}]},{"name":"seqs","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":207}]},{"name":"merchantIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":229}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":248}]}],"statement":"INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)\nSELECT id, d, seq, m, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:ids!::text[], :chargeDates!::date[], :seqs!::int[], :merchantIds!::text[], :amounts!::bigint[]) AS u(id, d, seq, m, a)\nON CONFLICT (schedule_id, charge_date) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
 * SELECT id, d, seq, m, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:ids!::text[], :chargeDates!::date[], :seqs!::int[], :merchantIds!::text[], :amounts!::bigint[]) AS u(id, d, seq, m, a)
 * ON CONFLICT (schedule_id, charge_date) DO NOTHING
 * ```
 */
export const planCycles = new PreparedQuery<IPlanCyclesParams,IPlanCyclesResult>(planCyclesIR);


/** 'SchedulesWithoutPending' parameters type */
export interface ISchedulesWithoutPendingParams {
  ids: stringArray;
}

/** 'SchedulesWithoutPending' return type */
export interface ISchedulesWithoutPendingResult {
  id: string;
}

/** 'SchedulesWithoutPending' query type */
export interface ISchedulesWithoutPendingQuery {
  params: ISchedulesWithoutPendingParams;
  result: ISchedulesWithoutPendingResult;
}

const schedulesWithoutPendingIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":59}]}],"statement":"SELECT s.id FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[])\n   AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[])
 *    AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')
 * ```
 */
export const schedulesWithoutPending = new PreparedQuery<ISchedulesWithoutPendingParams,ISchedulesWithoutPendingResult>(schedulesWithoutPendingIR);


/** 'CompleteSchedules' parameters type */
export interface ICompleteSchedulesParams {
  ids: stringArray;
}

/** 'CompleteSchedules' return type */
export interface ICompleteSchedulesResult {
  id: string;
  merchant_id: string;
}

/** 'CompleteSchedules' query type */
export interface ICompleteSchedulesQuery {
  params: ICompleteSchedulesParams;
  result: ICompleteSchedulesResult;
}

const completeSchedulesIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":95}]}],"statement":"UPDATE schedule.schedules s SET status = 'completed', updated_at = now()\n WHERE s.id = ANY(:ids!::text[]) AND s.status IN ('active', 'paused')\n   AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')\nRETURNING s.id, s.merchant_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.schedules s SET status = 'completed', updated_at = now()
 *  WHERE s.id = ANY(:ids!::text[]) AND s.status IN ('active', 'paused')
 *    AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')
 * RETURNING s.id, s.merchant_id
 * ```
 */
export const completeSchedules = new PreparedQuery<ICompleteSchedulesParams,ICompleteSchedulesResult>(completeSchedulesIR);


/** 'DeferCycle' parameters type */
export interface IDeferCycleParams {
  attempt: number;
  chargeDate: DateOrString;
  dueAt: DateOrString;
  scheduleId: string;
}

/** 'DeferCycle' return type */
export type IDeferCycleResult = void;

/** 'DeferCycle' query type */
export interface IDeferCycleQuery {
  params: IDeferCycleParams;
  result: IDeferCycleResult;
}

const deferCycleIR: any = {"usedParamSet":{"dueAt":true,"scheduleId":true,"chargeDate":true,"attempt":true},"params":[{"name":"dueAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":36,"b":42}]},{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":155,"b":166}]},{"name":"chargeDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":197}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":250}]}],"statement":"UPDATE schedule.cycles SET due_at = :dueAt!, attempt = attempt + 1, deferrals = deferrals + 1, lease_until = NULL, updated_at = now()\n WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles SET due_at = :dueAt!, attempt = attempt + 1, deferrals = deferrals + 1, lease_until = NULL, updated_at = now()
 *  WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!
 * ```
 */
export const deferCycle = new PreparedQuery<IDeferCycleParams,IDeferCycleResult>(deferCycleIR);


/** 'SkipCycle' parameters type */
export interface ISkipCycleParams {
  attempt: number;
  chargeDate: DateOrString;
  scheduleId: string;
}

/** 'SkipCycle' return type */
export type ISkipCycleResult = void;

/** 'SkipCycle' query type */
export interface ISkipCycleQuery {
  params: ISkipCycleParams;
  result: ISkipCycleResult;
}

const skipCycleIR: any = {"usedParamSet":{"scheduleId":true,"chargeDate":true,"attempt":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":118}]},{"name":"chargeDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":138,"b":149}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":202}]}],"statement":"UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()\n WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
 *  WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!
 * ```
 */
export const skipCycle = new PreparedQuery<ISkipCycleParams,ISkipCycleResult>(skipCycleIR);


/** 'HoldCycle' parameters type */
export interface IHoldCycleParams {
  attempt: number;
  chargeDate: DateOrString;
  scheduleId: string;
  until: DateOrString;
}

/** 'HoldCycle' return type */
export type IHoldCycleResult = void;

/** 'HoldCycle' query type */
export interface IHoldCycleQuery {
  params: IHoldCycleParams;
  result: IHoldCycleResult;
}

const holdCycleIR: any = {"usedParamSet":{"until":true,"scheduleId":true,"chargeDate":true,"attempt":true},"params":[{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":47}]},{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":101}]},{"name":"chargeDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":132}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":185}]}],"statement":"UPDATE schedule.cycles SET lease_until = :until!, updated_at = now()\n WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles SET lease_until = :until!, updated_at = now()
 *  WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!
 * ```
 */
export const holdCycle = new PreparedQuery<IHoldCycleParams,IHoldCycleResult>(holdCycleIR);


/** 'SkipOverdueCycles' parameters type */
export interface ISkipOverdueCyclesParams {
  before: DateOrString;
  scheduleId: string;
}

/** 'SkipOverdueCycles' return type */
export interface ISkipOverdueCyclesResult {
  schedule_id: string;
  seq: number;
}

/** 'SkipOverdueCycles' query type */
export interface ISkipOverdueCyclesQuery {
  params: ISkipOverdueCyclesParams;
  result: ISkipOverdueCyclesResult;
}

const skipOverdueCyclesIR: any = {"usedParamSet":{"scheduleId":true,"before":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":118}]},{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":163}]}],"statement":"UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()\n WHERE schedule_id = :scheduleId! AND status = 'pending' AND due_at < :before! RETURNING schedule_id, seq"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
 *  WHERE schedule_id = :scheduleId! AND status = 'pending' AND due_at < :before! RETURNING schedule_id, seq
 * ```
 */
export const skipOverdueCycles = new PreparedQuery<ISkipOverdueCyclesParams,ISkipOverdueCyclesResult>(skipOverdueCyclesIR);


