/** Types generated for queries found in "src/db/sql/schedule-changes.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'CancelMandateSchedules' parameters type */
export interface ICancelMandateSchedulesParams {
  cause: string;
  mandateId: string;
  merchantId: string;
}

/** 'CancelMandateSchedules' return type */
export interface ICancelMandateSchedulesResult {
  id: string;
}

/** 'CancelMandateSchedules' query type */
export interface ICancelMandateSchedulesQuery {
  params: ICancelMandateSchedulesParams;
  result: ICancelMandateSchedulesResult;
}

const cancelMandateSchedulesIR: any = {"usedParamSet":{"cause":true,"merchantId":true,"mandateId":true},"params":[{"name":"cause","required":true,"transform":{"type":"scalar"},"locs":[{"a":67,"b":73}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":127}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":156}]}],"statement":"UPDATE schedule.schedules SET status = 'cancelled', cancel_cause = :cause!, updated_at = now()\n WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! AND status IN ('active', 'paused') RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.schedules SET status = 'cancelled', cancel_cause = :cause!, updated_at = now()
 *  WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! AND status IN ('active', 'paused') RETURNING id
 * ```
 */
export const cancelMandateSchedules = new PreparedQuery<ICancelMandateSchedulesParams,ICancelMandateSchedulesResult>(cancelMandateSchedulesIR);


/** 'SetCycleAmount' parameters type */
export interface ISetCycleAmountParams {
  amountMinor: NumberOrString;
  chargeDate: DateOrString;
  scheduleId: string;
}

/** 'SetCycleAmount' return type */
export interface ISetCycleAmountResult {
  status: string;
}

/** 'SetCycleAmount' query type */
export interface ISetCycleAmountQuery {
  params: ISetCycleAmountParams;
  result: ISetCycleAmountResult;
}

const setCycleAmountIR: any = {"usedParamSet":{"amountMinor":true,"scheduleId":true,"chargeDate":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":54}]},{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":107}]},{"name":"chargeDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":138}]}],"statement":"UPDATE schedule.cycles SET amount_minor = :amountMinor!, updated_at = now() WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date\nRETURNING status"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE schedule.cycles SET amount_minor = :amountMinor!, updated_at = now() WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date
 * RETURNING status
 * ```
 */
export const setCycleAmount = new PreparedQuery<ISetCycleAmountParams,ISetCycleAmountResult>(setCycleAmountIR);


/** 'PlanCycle' parameters type */
export interface IPlanCycleParams {
  amountMinor: NumberOrString;
  chargeDate: DateOrString;
  merchantId: string;
  scheduleId: string;
  seq: number;
}

/** 'PlanCycle' return type */
export type IPlanCycleResult = void;

/** 'PlanCycle' query type */
export interface IPlanCycleQuery {
  params: IPlanCycleParams;
  result: IPlanCycleResult;
}

const planCycleIR: any = {"usedParamSet":{"scheduleId":true,"chargeDate":true,"seq":true,"merchantId":true,"amountMinor":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":114}]},{"name":"chargeDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":128},{"a":173,"b":184}]},{"name":"seq","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":141}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":155}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":170}]}],"statement":"INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)\nVALUES (:scheduleId!, :chargeDate!::date, :seq!, :merchantId!, :amountMinor!, :chargeDate!::date::timestamp AT TIME ZONE 'UTC')"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
 * VALUES (:scheduleId!, :chargeDate!::date, :seq!, :merchantId!, :amountMinor!, :chargeDate!::date::timestamp AT TIME ZONE 'UTC')
 * ```
 */
export const planCycle = new PreparedQuery<IPlanCycleParams,IPlanCycleResult>(planCycleIR);


