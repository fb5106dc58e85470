// values.schema.json is what `helm install` validates values against; these checks make sure
// it parses, that values.yaml and both overlays satisfy it, and that it really rejects mistakes
// (typos included: it is strict), validated by ajv as Helm validates it.
import { describe, expect, it } from 'vitest';
import { SERVICES, isMap, loadValues, mergeValues } from './platform.js';
import { renderChart } from './render.js';
import { valuesProblems, valuesSchema as schema } from './values-schema.js';

const validate = (_schema: unknown, values: unknown) => valuesProblems(values);
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

  it('refuses every key it does not know, at every level: a typo fails', () => {
    /** Objects of the schema that list properties but would accept others. */
    const open = (node: unknown, at: string): string[] => {
      if (Array.isArray(node)) return node.flatMap((n, i) => open(n, `${at}[${i}]`));
      if (!isMap(node)) return [];
      // Kubernetes objects passed through as they are say so: additionalProperties true.
      const own = node.type === 'object' && node.additionalProperties === undefined ? [at] : [];
      return own.concat(Object.entries(node).flatMap(([k, v]) => open(v, `${at}/${k}`)));
    };
    expect(open(schema, '#')).toEqual([]);
    for (const [path, value, problem] of [
      ['replicaCount', 3, '$: unknown key replicaCount'],
      ['services.payment.replica', 3, '$.services.payment: unknown key replica'],
      ['services.paymnet.port', 50052, '$.services: unknown key paymnet'],
      ['serviceDefaults.resources.limits.memroy', '1Gi', '$.serviceDefaults.resources.limits: unknown key memroy'],
      ['events.replica', 3, '$.events: unknown key replica'],
      ['ingress.tls.secret', 'x', '$.ingress.tls: unknown key secret'],
      ['secrets.cursorSecrte', { name: 'x', key: 'y' }, '$.secrets: unknown key cursorSecrte'],
      ['metrics.serviceMonitor.interval_', '10s', '$.metrics.serviceMonitor: unknown key interval_'],
    ] as const) {
      expect(validate(schema, withOverride(path, value)), path).toContain(problem);
    }
  });

  it('fails the chart render on a typo, as helm install does', () => {
    expect(() => renderChart({ set: { services: { payment: { replica: 3 } } } })).toThrow(/\$\.services\.payment: unknown key replica/);
  });

  it('rejects values without a service', () => {
    const { webhook: _dropped, ...rest } = values.services;
    expect(validate(schema, { ...values, services: rest })).toContain('$.services: missing required webhook');
  });
});
