// The payment message is also the resource payment events carry, so it is rendered beside the
// events (db/events.ts), below this layer.
export { STATUS_TO_PROTO, toPaymentMessage } from './db/events.js';
