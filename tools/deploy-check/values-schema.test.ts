// values.schema.json is what `helm install` validates values against; these checks make sure
// it parses, that values.yaml and both overlays satisfy it, and that it really rejects mistakes.
import { describe, expect, it } from 'vitest';
import { validate } from './json-schema-subset.js';
import { SERVICES, isMap, loadValues, mergeValues, readRepoFile } from './platform.js';

const schemaText = readRepoFile('deploy/helm/vrp/values.schema.json');
const schema = JSON.parse(schemaText) as Record<string, unknown>;
const values = loadValues();
const withOverride = (path: string, value: unknown) =>
  mergeValues(
    values,
    path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value),
  );

/** Every `required` key of the schema, as dotted paths, following properties and $refs. */
function requiredPaths(node: unknown, prefix = ''): string[] {
  if (!isMap(node)) return [];
  const own = ((node.required as string[] | undefined) ?? []).map((k) => `${prefix}${k}`);
  const props = isMap(node.properties) ? Object.entries(node.properties) : [];
  return own.concat(props.flatMap(([k, sub]) => requiredPaths(sub, `${prefix}${k}.`)));
}

describe('values.schema.json', () => {
  it('is valid JSON Schema draft-07 for an object', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
  });

  it('has every required key present in values.yaml', () => {
    const lookup = (p: string) => p.split('.').reduce<unknown>((v, k) => (isMap(v) ? v[k] : undefined), values);
    const paths = requiredPaths(schema);
    expect(paths).toContain('services');
    expect(paths.filter((p) => lookup(p) === undefined)).toEqual([]);
  });

  it('requires every service of the platform', () => {
    const services = (schema.properties as Record<string, { required?: string[] } | undefined>).services;
    expect([...(services?.required ?? [])].sort()).toEqual(Object.keys(SERVICES).sort());
  });

  it.each(['values.yaml', 'values-sandbox.yaml', 'values-production.yaml'])('accepts %s (over the defaults)', (file) => {
    expect(validate(schema, mergeValues(values, loadValues(file)))).toEqual([]);
  });

  it.each([
    ['environment', 'staging', '$.environment'],
    ['services.payment.port', 70000, '$.services.payment.port'],
    ['services.gateway.protocol', 'https', '$.services.gateway.protocol'],
    ['services.mandate.enabled', 'yes', '$.services.mandate.enabled'],
    ['secrets.cursorSecret.key', '', '$.secrets.cursorSecret.key'],
    ['serviceDefaults.replicas', 0, '$.serviceDefaults.replicas'],
  ])('rejects %s = %j', (path, bad, where) => {
    const problems = validate(schema, withOverride(path, bad));
    expect(
      problems.some((p) => p.startsWith(`${where}:`)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('rejects values without a service', () => {
    const { webhook: _dropped, ...rest } = values.services;
    expect(validate(schema, { ...values, services: rest })).toContain('$.services: missing required webhook');
  });
});
