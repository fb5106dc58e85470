export { enumString, enumValue, isoTimestamp, requiredEnum, requiredTimestamp } from './format.js';
export { presentCustomer, type CustomerJson } from './presenters/customer.js';
export { MANDATE_FREQUENCIES, MANDATE_STATUSES, presentMandate, type MandateJson } from './presenters/mandate.js';
export { openapiDocument, type OpenApiFragment, type OpenApiObject } from './openapi/index.js';
export { LIST_ORDERS } from './openapi/pagination.js';
export { METADATA_LIMITS } from './openapi/metadata.js';
