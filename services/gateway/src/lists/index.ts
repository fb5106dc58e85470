export { CursorCodec, type CursorState, type KeysetPoint } from './cursor.js';
export { parseExpand, singleResourceQuery } from './expand.js';
export { enumFilter, idFilter, textFilter, type FilterSpec } from './filters.js';
export { ORDERS, defineList, type ListOrder, type ListRequest } from './list-query.js';
export { listResponse, type ListJson, type RecordKey } from './list-response.js';
