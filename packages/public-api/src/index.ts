export { enumString, enumValue, isoTimestamp, requiredEnum, requiredTimestamp } from './format.js';
export { presentCustomer, type CustomerJson } from './presenters/customer.js';
export { MANDATE_FREQUENCIES, MANDATE_STATUSES, presentMandate, type MandateJson } from './presenters/mandate.js';
export { presentMandateRequest, type MandateRequestJson } from './presenters/mandate-request.js';
export { MANDATE_REQUEST_STATUSES } from './vocabulary.js';
export { CLEARING_STATUSES, PAYMENT_FAILURE_CODES, PAYMENT_STATUSES, presentPayment, type PaymentJson } from './presenters/payment.js';
export { REFUND_STATUSES, presentRefund, type RefundJson } from './presenters/refund.js';
export { SCHEDULE_STATUSES, presentSchedule, type ScheduleJson } from './presenters/schedule.js';
export { presentExport, type ExportJson } from './presenters/export.js';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  presentWebhookEndpoint,
  presentWebhookEvent,
  type WebhookAttemptJson,
  type WebhookEndpointJson,
  type WebhookEventJson,
} from './presenters/webhook.js';
export { eventTypeCatalogue, type EventTypeJson } from './event-types.js';
export { openapiDocument, type OpenApiFragment, type OpenApiObject } from './openapi/index.js';
export { LIST_ORDERS } from './openapi/pagination.js';
export { METADATA_LIMITS, unstorableText, validateMetadata, type Metadata } from './metadata.js';
export {
  CUSTOMER_LIMITS,
  EMAIL_PATTERN,
  REFUND_REASON_MAX_LENGTH,
  REQUEST_BODIES,
  SANDBOX_CLOCK_MAX_ADVANCE_SECONDS,
  advanceSandboxClockBody,
  createCustomerBody,
  createMandateBody,
  createMandateRequestBody,
  createPaymentBody,
  createRefundBody,
  confirmFundsBody,
  createScheduleBody,
  setCycleAmountBody,
  createSandboxCustomerBody,
  setSandboxBalanceBody,
  createWebhookEndpointBody,
  createExportBody,
  updateCustomerBody,
  updateWebhookEndpointBody,
  emptyBody,
  failSandboxPaymentBody,
  parseRequest,
  problemsOf,
  replayWebhookEventsBody,
  requestBodySchema,
  revokeSandboxMandateBody,
  suspendSandboxMandateBody,
  sendTestEventBody,
} from './requests.js';
export { invalid, metadataProblems } from './metadata.js';
export { minorUnits } from './amounts.js';
