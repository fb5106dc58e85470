export { VrpClient, type Page } from './client.js';
export { VrpApiError, VrpConnectionError, type FieldProblem } from './errors.js';
export type { RequestOptions, TransportOptions } from './transport.js';
export type * from './gen/api.js';
