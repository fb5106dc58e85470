import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;

const DOC_ID = 'https://vrp.invalid/openapi.json';
const validators = new WeakMap<Schema, Ajv2020>();

/** A JSON Schema 2020-12 validator (what OpenAPI 3.1 uses) that knows the document's components. */
function validatorFor(doc: Schema): Ajv2020 {
  let ajv = validators.get(doc);
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: DOC_ID, components: (doc as { components: Schema }).components });
    validators.set(doc, ajv);
  }
  return ajv;
}

/** `schema` with its `#/components/...` references pointed at the document. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : anchored(v),
    ]),
  );
}

/**
 * Problems of `value` against an OpenAPI 3.1 schema of `doc`, found by a real JSON Schema
 * validator (Ajv, draft 2020-12, formats checked); empty when it conforms.
 */
export function schemaProblems(value: unknown, schema: Schema, doc: Schema, at = '$'): string[] {
  const validate = validatorFor(doc).compile(anchored(schema) as Schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${at}${e.instancePath.replaceAll('/', '.')}: ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}
