// Generated contracts of every service; regenerate with `npm run codegen`.
export * as common from './gen/vrp/common/v1/common_pb.js';
export * as sandboxClock from './gen/vrp/common/v1/sandbox_clock_pb.js';
export * as mandate from './gen/vrp/mandate/v1/mandate_pb.js';
export * as payment from './gen/vrp/payment/v1/payment_pb.js';
export * as paymentReport from './gen/vrp/payment/v1/payment_report_pb.js';
export * as refund from './gen/vrp/refund/v1/refund_pb.js';
export * as webhook from './gen/vrp/webhook/v1/webhook_pb.js';
export * as deliveryReport from './gen/vrp/webhook/v1/delivery_report_pb.js';
export * as events from './gen/vrp/events/v1/events_pb.js';
export * as connector from './gen/vrp/connector/v1/connector_pb.js';
export * as schedule from './gen/vrp/schedule/v1/schedule_pb.js';
export * as exports from './gen/vrp/export/v1/export_pb.js';
export * as health from './gen/health/v1/health_pb.js';
export { EVENT_TYPES, type EventType } from './event-types.js';
