/** Types generated for queries found in "src/db/sql/schedules.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'InsertSchedule' parameters type */
export interface IInsertScheduleParams {
  amountMinor?: NumberOrString | null | void;
  createdAt: DateOrString;
  currency: string;
  cycleCount?: number | null | void;
  dayOfMonth?: number | null | void;
  endDate?: DateOrString | null | void;
  id: string;
  instalments: boolean;
  intervalCount?: number | null | void;
  intervalUnit?: string | null | void;
  mandateFrequency: string;
  mandateId: string;
  maxRetries: number;
  merchantId: string;
  metadata: Json;
  onLimit: string;
  retryEnabled: boolean;
  startDate: DateOrString;
}

/** 'InsertSchedule' return type */
export type IInsertScheduleResult = void;

/** 'InsertSchedule' query type */
export interface IInsertScheduleQuery {
  params: IInsertScheduleParams;
  result: IInsertScheduleResult;
}

const insertScheduleIR: any = {"usedParamSet":{"id":true,"merchantId":true,"mandateId":true,"currency":true,"amountMinor":true,"intervalUnit":true,"intervalCount":true,"dayOfMonth":true,"startDate":true,"endDate":true,"cycleCount":true,"instalments":true,"onLimit":true,"retryEnabled":true,"maxRetries":true,"mandateFrequency":true,"metadata":true,"createdAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":279,"b":282}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":285,"b":296}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":299,"b":309}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":312,"b":321}]},{"name":"amountMinor","required":false,"transform":{"type":"scalar"},"locs":[{"a":324,"b":335}]},{"name":"intervalUnit","required":false,"transform":{"type":"scalar"},"locs":[{"a":346,"b":358}]},{"name":"intervalCount","required":false,"transform":{"type":"scalar"},"locs":[{"a":361,"b":374}]},{"name":"dayOfMonth","required":false,"transform":{"type":"scalar"},"locs":[{"a":377,"b":387}]},{"name":"startDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":390,"b":400}]},{"name":"endDate","required":false,"transform":{"type":"scalar"},"locs":[{"a":409,"b":416}]},{"name":"cycleCount","required":false,"transform":{"type":"scalar"},"locs":[{"a":433,"b":443}]},{"name":"instalments","required":true,"transform":{"type":"scalar"},"locs":[{"a":446,"b":458}]},{"name":"onLimit","required":true,"transform":{"type":"scalar"},"locs":[{"a":461,"b":469}]},{"name":"retryEnabled","required":true,"transform":{"type":"scalar"},"locs":[{"a":472,"b":485}]},{"name":"maxRetries","required":true,"transform":{"type":"scalar"},"locs":[{"a":488,"b":499}]},{"name":"mandateFrequency","required":true,"transform":{"type":"scalar"},"locs":[{"a":502,"b":519}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":522,"b":531}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":541,"b":551},{"a":554,"b":564}]}],"statement":"INSERT INTO schedule.schedules (id, merchant_id, mandate_id, currency, amount_minor, interval_unit, interval_count, day_of_month,\n  start_date, end_date, cycle_count, instalments, on_limit, retry_enabled, max_retries, mandate_frequency, metadata, created_at, updated_at)\nVALUES (:id!, :merchantId!, :mandateId!, :currency!, :amountMinor::bigint, :intervalUnit, :intervalCount, :dayOfMonth, :startDate!::date, :endDate::date,\n        :cycleCount, :instalments!, :onLimit!, :retryEnabled!, :maxRetries!, :mandateFrequency!, :metadata!::jsonb, :createdAt!, :createdAt!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedule.schedules (id, merchant_id, mandate_id, currency, amount_minor, interval_unit, interval_count, day_of_month,
 *   start_date, end_date, cycle_count, instalments, on_limit, retry_enabled, max_retries, mandate_frequency, metadata, created_at, updated_at)
 * VALUES (:id!, :merchantId!, :mandateId!, :currency!, :amountMinor::bigint, :intervalUnit, :intervalCount, :dayOfMonth, :startDate!::date, :endDate::date,
 *         :cycleCount, :instalments!, :onLimit!, :retryEnabled!, :maxRetries!, :mandateFrequency!, :metadata!::jsonb, :createdAt!, :createdAt!)
 * ```
 */
export const insertSchedule = new PreparedQuery<IInsertScheduleParams,IInsertScheduleResult>(insertScheduleIR);


/** 'InsertCycles' parameters type */
export interface IInsertCyclesParams {
  amounts: NumberOrStringArray;
  chargeDates: DateOrStringArray;
  merchantId: string;
  scheduleId: string;
  seqs: numberArray;
}

/** 'InsertCycles' return type */
export type IInsertCyclesResult = void;

/** 'InsertCycles' query type */
export interface IInsertCyclesQuery {
  params: IInsertCyclesParams;
  result: IInsertCyclesResult;
}

const insertCyclesIR: any = {"usedParamSet":{"scheduleId":true,"merchantId":true,"chargeDates":true,"seqs":true,"amounts":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":113}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":133}]},{"name":"chargeDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":183,"b":195}]},{"name":"seqs","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":211}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":229}]}],"statement":"INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)\nSELECT :scheduleId!, d, s, :merchantId!, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:chargeDates!::date[], :seqs!::int[], :amounts!::bigint[]) AS u(d, s, a)\nON CONFLICT (schedule_id, charge_date) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
 * SELECT :scheduleId!, d, s, :merchantId!, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:chargeDates!::date[], :seqs!::int[], :amounts!::bigint[]) AS u(d, s, a)
 * ON CONFLICT (schedule_id, charge_date) DO NOTHING
 * ```
 */
export const insertCycles = new PreparedQuery<IInsertCyclesParams,IInsertCyclesResult>(insertCyclesIR);


/** 'ReadSchedule' parameters type */
export interface IReadScheduleParams {
  id: string;
  merchantId: string;
}

/** 'ReadSchedule' return type */
export interface IReadScheduleResult {
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

/** 'ReadSchedule' query type */
export interface IReadScheduleQuery {
  params: IReadScheduleParams;
  result: IReadScheduleResult;
}

const readScheduleIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":703,"b":706}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":728,"b":739}]}],"statement":"SELECT s.id, s.merchant_id AS \"merchantId\", s.mandate_id AS \"mandateId\", s.status, s.currency, s.amount_minor AS \"amountMinor\",\n       s.interval_unit AS \"intervalUnit\", s.interval_count AS \"intervalCount\", s.day_of_month AS \"dayOfMonth\",\n       to_char(s.start_date, 'YYYY-MM-DD') AS \"startDate!\", to_char(s.end_date, 'YYYY-MM-DD') AS \"endDate\", s.cycle_count AS \"cycleCount\",\n       s.instalments, s.on_limit AS \"onLimit\", s.retry_enabled AS \"retryEnabled\", s.max_retries AS \"maxRetries\",\n       s.mandate_frequency AS \"mandateFrequency\", s.metadata, s.cancel_cause AS \"cancelCause\", s.payments_created AS \"paymentsCreated\",\n       s.created_at AS \"createdAt\"\n  FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
 *        s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
 *        to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
 *        s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
 *        s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
 *        s.created_at AS "createdAt"
 *   FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId!
 * ```
 */
export const readSchedule = new PreparedQuery<IReadScheduleParams,IReadScheduleResult>(readScheduleIR);


/** 'ReadScheduleForUpdate' parameters type */
export interface IReadScheduleForUpdateParams {
  id: string;
  merchantId: string;
}

/** 'ReadScheduleForUpdate' return type */
export interface IReadScheduleForUpdateResult {
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

/** 'ReadScheduleForUpdate' query type */
export interface IReadScheduleForUpdateQuery {
  params: IReadScheduleForUpdateParams;
  result: IReadScheduleForUpdateResult;
}

const readScheduleForUpdateIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":703,"b":706}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":728,"b":739}]}],"statement":"SELECT s.id, s.merchant_id AS \"merchantId\", s.mandate_id AS \"mandateId\", s.status, s.currency, s.amount_minor AS \"amountMinor\",\n       s.interval_unit AS \"intervalUnit\", s.interval_count AS \"intervalCount\", s.day_of_month AS \"dayOfMonth\",\n       to_char(s.start_date, 'YYYY-MM-DD') AS \"startDate!\", to_char(s.end_date, 'YYYY-MM-DD') AS \"endDate\", s.cycle_count AS \"cycleCount\",\n       s.instalments, s.on_limit AS \"onLimit\", s.retry_enabled AS \"retryEnabled\", s.max_retries AS \"maxRetries\",\n       s.mandate_frequency AS \"mandateFrequency\", s.metadata, s.cancel_cause AS \"cancelCause\", s.payments_created AS \"paymentsCreated\",\n       s.created_at AS \"createdAt\"\n  FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
 *        s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
 *        to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
 *        s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
 *        s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
 *        s.created_at AS "createdAt"
 *   FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId! FOR UPDATE
 * ```
 */
export const readScheduleForUpdate = new PreparedQuery<IReadScheduleForUpdateParams,IReadScheduleForUpdateResult>(readScheduleForUpdateIR);


/** 'PendingCycles' parameters type */
export interface IPendingCyclesParams {
  scheduleId: string;
}

/** 'PendingCycles' return type */
export interface IPendingCyclesResult {
  amountMinor: string;
  attempt: number;
  chargeDate: string;
  deferrals: number;
  dueAt: Date;
  paymentId: string | null;
  scheduleId: string;
  seq: number;
  status: string;
}

/** 'PendingCycles' query type */
export interface IPendingCyclesQuery {
  params: IPendingCyclesParams;
  result: IPendingCyclesResult;
}

const pendingCyclesIR: any = {"usedParamSet":{"scheduleId":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":281}]}],"statement":"SELECT c.schedule_id AS \"scheduleId\", to_char(c.charge_date, 'YYYY-MM-DD') AS \"chargeDate!\", c.seq, c.amount_minor AS \"amountMinor\",\n       c.status, c.due_at AS \"dueAt\", c.attempt, c.deferrals, c.payment_id AS \"paymentId\"\n  FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status = 'pending' ORDER BY c.due_at, c.charge_date LIMIT 50"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
 *        c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId"
 *   FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status = 'pending' ORDER BY c.due_at, c.charge_date LIMIT 50
 * ```
 */
export const pendingCycles = new PreparedQuery<IPendingCyclesParams,IPendingCyclesResult>(pendingCyclesIR);


/** 'PastCycles' parameters type */
export interface IPastCyclesParams {
  limit: NumberOrString;
  scheduleId: string;
}

/** 'PastCycles' return type */
export interface IPastCyclesResult {
  amountMinor: string;
  attempt: number;
  chargeDate: string;
  deferrals: number;
  dueAt: Date;
  paymentId: string | null;
  scheduleId: string;
  seq: number;
  status: string;
}

/** 'PastCycles' query type */
export interface IPastCyclesQuery {
  params: IPastCyclesParams;
  result: IPastCyclesResult;
}

const pastCyclesIR: any = {"usedParamSet":{"scheduleId":true,"limit":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":281}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":349}]}],"statement":"SELECT c.schedule_id AS \"scheduleId\", to_char(c.charge_date, 'YYYY-MM-DD') AS \"chargeDate!\", c.seq, c.amount_minor AS \"amountMinor\",\n       c.status, c.due_at AS \"dueAt\", c.attempt, c.deferrals, c.payment_id AS \"paymentId\"\n  FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status <> 'pending' ORDER BY c.charge_date DESC LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
 *        c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId"
 *   FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status <> 'pending' ORDER BY c.charge_date DESC LIMIT :limit!
 * ```
 */
export const pastCycles = new PreparedQuery<IPastCyclesParams,IPastCyclesResult>(pastCyclesIR);


/** 'MoveSchedule' parameters type */
export interface IMoveScheduleParams {
  cause?: string | null | void;
  from: stringArray;
  id: string;
  to: string;
}

/** 'MoveSchedule' return type */
export type IMoveScheduleResult = void;

/** 'MoveSchedule' query type */
export interface IMoveScheduleQuery {
  params: IMoveScheduleParams;
  result: IMoveScheduleResult;
}

const moveScheduleIR: any = {"usedParamSet":{"to":true,"cause":true,"id":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":42}]},{"name":"cause","required":false,"transform":{"type":"scalar"},"locs":[{"a":60,"b":65}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":101}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":120,"b":125}]}],"statement":"UPDATE schedule.schedules SET status = :to!, cancel_cause = :cause, updated_at = now() WHERE id = :id! AND status = ANY(:from!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.schedules SET status = :to!, cancel_cause = :cause, updated_at = now() WHERE id = :id! AND status = ANY(:from!::text[])
 * ```
 */
export const moveSchedule = new PreparedQuery<IMoveScheduleParams,IMoveScheduleResult>(moveScheduleIR);


