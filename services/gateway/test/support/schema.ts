type Schema = Record<string, unknown>;

function resolve(schema: Schema, doc: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  if (!ref) return schema;
  const name = ref.replace('#/components/schemas/', '');
  const found = ((doc.components as Schema).schemas as Record<string, Schema>)[name];
  if (!found) throw new Error(`unresolved ${ref}`);
  return found;
}

const typeOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

/**
 * Problems of `value` against an OpenAPI schema: wrong types, and for objects with fixed
 * properties any property missing from the response or the schema. Enough to keep the
 * document and real responses in step, not a full JSON Schema validator.
 */
export function schemaProblems(value: unknown, schemaIn: Schema, doc: Schema, at = '$'): string[] {
  const schema = resolve(schemaIn, doc);
  if (schema.oneOf) {
    const options = (schema.oneOf as Schema[]).map((s) => schemaProblems(value, s, doc, at));
    return options.some((p) => p.length === 0) ? [] : [`${at}: matches no oneOf branch`];
  }
  const types = schema.type === undefined ? undefined : ([] as string[]).concat(schema.type as string | string[]);
  const actual = typeOf(value);
  if (types && !types.includes(actual) && !(actual === 'integer' && types.includes('number')))
    return [`${at}: ${actual} is not ${types.join('|')}`];
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) return [`${at}: ${JSON.stringify(value)} not in enum`];
  if (actual === 'array' && schema.items)
    return (value as unknown[]).flatMap((v, i) => schemaProblems(v, schema.items as Schema, doc, `${at}[${i}]`));
  if (actual !== 'object' || !schema.properties) return [];
  const props = schema.properties as Record<string, Schema>;
  const obj = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(obj)) if (!(key in props)) problems.push(`${at}.${key}: not in the schema`);
  for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in obj)) problems.push(`${at}.${key}: required but missing`);
  for (const [key, sub] of Object.entries(props)) if (key in obj) problems.push(...schemaProblems(obj[key], sub, doc, `${at}.${key}`));
  return problems;
}
