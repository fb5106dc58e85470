/**
 * The part of JSON Schema draft-07 that values.schema.json uses, so the checks can validate
 * values.yaml and its overlays the way `helm install` would, without helm or a new dependency.
 * A keyword outside this subset is reported as a problem rather than silently ignored.
 */
import { isMap } from './platform.js';

type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$schema',
  'title',
  'description',
  'type',
  'enum',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'pattern',
  'uniqueItems',
  '$ref',
  'definitions',
]);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** Every way `value` breaks `schema`, as "path: problem" lines; empty when it conforms. */
export function validate(schema: Schema, value: unknown, root: Schema = schema, path = '$'): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) problems.push(`${path}: schema keyword ${key} is not checked`);
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((s, k) => (isMap(s) ? s[k] : undefined), root);
    if (!isMap(target)) return [`${path}: unresolvable $ref ${schema.$ref}`];
    return validate(target, value, root, path);
  }
  if (schema.type !== undefined) {
    const allowed = ([] as unknown[]).concat(schema.type);
    const actual = typeOf(value);
    if (!allowed.includes(actual) && !(actual === 'integer' && allowed.includes('number'))) {
      return [`${path}: expected ${allowed.join(' or ')}, got ${actual}`];
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: ${value} < minimum ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: ${value} > maximum ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) problems.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
      problems.push(`${path}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length)
      problems.push(`${path}: items not unique`);
    if (isMap(schema.items)) value.forEach((v, i) => problems.push(...validate(schema.items as Schema, v, root, `${path}[${i}]`)));
  }
  if (isMap(value)) {
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in value)) problems.push(`${path}: missing required ${key}`);
    const props = isMap(schema.properties) ? schema.properties : {};
    for (const [key, v] of Object.entries(value)) {
      const sub = props[key] ?? schema.additionalProperties;
      if (isMap(sub)) problems.push(...validate(sub, v, root, `${path}.${key}`));
      else if (sub === false) problems.push(`${path}: unexpected key ${key}`);
    }
  }
  return problems;
}
