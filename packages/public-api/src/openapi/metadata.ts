import { METADATA_LIMITS } from '../metadata.js';
import type { OpenApiObject } from './types.js';

/** Schema of the metadata object that mandates, payments and refunds accept and return. */
export const metadataSchema: OpenApiObject = {
  type: 'object',
  description: `Your own key-value data: at most ${METADATA_LIMITS.maxKeys} keys of at most ${METADATA_LIMITS.maxKeyLength} characters; values are strings or numbers of at most ${METADATA_LIMITS.maxValueLength} characters.`,
  maxProperties: METADATA_LIMITS.maxKeys,
  propertyNames: { maxLength: METADATA_LIMITS.maxKeyLength },
  additionalProperties: { oneOf: [{ type: 'string', maxLength: METADATA_LIMITS.maxValueLength }, { type: 'number' }] },
};

/** Schema of a money amount: a decimal string in major units. */
export const amountSchema: OpenApiObject = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
  description:
    'Decimal string in major units with at most the currency\'s minor digits ("10.00", JPY "1000"). JSON numbers, zero, negatives and exponents are refused.',
  examples: ['10.00'],
};

/** Schema of an ISO 4217 currency code. */
export const currencySchema: OpenApiObject = { type: 'string', pattern: '^[A-Z]{3}$', examples: ['GBP'] };
