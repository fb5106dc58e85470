export { VrpClient, type Page } from './client.js';
export { VrpApiError, VrpConnectionError, type FieldProblem } from './errors.js';
export type { RequestOptions, TransportOptions } from './transport.js';
export type * from './gen/api.js';
// The delivered events as one union discriminated by event_type (the same types the verification package returns).
export type { EventType, VrpEvent, VrpEventOf } from '@vrp/webhook-verify';
