/**
 * values.schema.json as `helm install` applies it: the merged values are validated (draft-07, by
 * ajv) before anything renders. The schema is strict: every object lists its keys and refuses
 * others, so a misspelt value fails instead of being ignored.
 */
import { Ajv } from 'ajv';
import { readRepoFile } from './platform.js';

const schema = JSON.parse(readRepoFile('deploy/helm/vrp/values.schema.json')) as Record<string, unknown>;
// strict: the schema itself may use no unknown keyword and must define what it requires.
const validator = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

/** The problems of `values` against values.schema.json, one `$.path: message` each (empty when valid). */
export function valuesProblems(values: unknown): string[] {
  if (validator(values)) return [];
  return (validator.errors ?? []).map((e) => {
    const where = `$${e.instancePath.replace(/\//g, '.')}`;
    const params = e.params as { additionalProperty?: string; missingProperty?: string };
    if (params.additionalProperty !== undefined) return `${where}: unknown key ${params.additionalProperty}`;
    if (params.missingProperty !== undefined) return `${where}: missing required ${params.missingProperty}`;
    return `${where}: ${e.message ?? e.keyword}`;
  });
}

export { schema as valuesSchema };
