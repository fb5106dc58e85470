import { validationError } from '@vrp/errors';

/** At most this many `metadata[key]=value` pairs in one list query. */
export const MAX_METADATA_FILTERS = 3;

/** A decimal that metadata may hold as a JSON number (`5`, `-1.5`), spelled as JSON spells it. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * The `metadata[key]=value` pairs of a list request as the service applies them: undefined when
 * there are none, validation_error on `metadata` beyond MAX_METADATA_FILTERS.
 */
export function metadataFilter(pairs: Record<string, string> | undefined): Record<string, string> | undefined {
  const entries = Object.entries(pairs ?? {});
  if (entries.length === 0) return undefined;
  if (entries.length > MAX_METADATA_FILTERS) throw validationError('metadata', `at most ${MAX_METADATA_FILTERS} metadata filters`);
  return Object.fromEntries(entries);
}

/**
 * The JSON documents one pair matches with `metadata @> doc` (exact match): the value as a
 * string and, when it reads as a number, as that number too (metadata keeps numbers as sent).
 * Containment is what a `jsonb_path_ops` GIN index answers.
 */
export function metadataDocuments(key: string, value: string): string[] {
  const docs = [JSON.stringify({ [key]: value })];
  if (JSON_NUMBER.test(value) && Number.isFinite(Number(value)) && String(Number(value)) === value)
    docs.push(`{${JSON.stringify(key)}:${value}}`);
  return docs;
}
