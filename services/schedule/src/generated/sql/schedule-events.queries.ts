/** Types generated for queries found in "src/db/sql/schedule-events.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'InsertOutboxEvent' parameters type */
export interface IInsertOutboxEventParams {
  eventId: string;
  payload: Buffer;
  subject: string;
  traceparent?: string | null | void;
}

/** 'InsertOutboxEvent' return type */
export type IInsertOutboxEventResult = void;

/** 'InsertOutboxEvent' query type */
export interface IInsertOutboxEventQuery {
  params: IInsertOutboxEventParams;
  result: IInsertOutboxEventResult;
}

const insertOutboxEventIR: any = {"usedParamSet":{"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":93}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":104}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":115}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":118,"b":129}]}],"statement":"INSERT INTO schedule.outbox_events (event_id, subject, payload, traceparent) VALUES (:eventId!, :subject!, :payload!, :traceparent)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedule.outbox_events (event_id, subject, payload, traceparent) VALUES (:eventId!, :subject!, :payload!, :traceparent)
 * ```
 */
export const insertOutboxEvent = new PreparedQuery<IInsertOutboxEventParams,IInsertOutboxEventResult>(insertOutboxEventIR);


