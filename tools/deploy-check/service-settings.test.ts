// The settings the chart gives each service must be ones that service actually reads: a typo or
// a renamed setting would otherwise be silently ignored and the service would run on defaults
// (for listen addresses: loopback, unreachable from the kubelet and the Service).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadValues, mergeValues, repoRoot, serviceDirsOnDisk, type Values } from './platform.js';

/**
 * Settings the chart sets before the services read them, with the reason. Remove an entry once
 * every service reads it: the last test fails to remind you.
 */
const NOT_YET_READ: Record<string, string> = {};

function sourceOf(service: string): string {
  const dir = join(repoRoot, 'services', service, 'src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('generated'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

/** The service-specific setting names the chart renders for `name` under `values`. */
function settingsFor(values: Values, name: string): string[] {
  const svc = values.services[name] ?? {};
  return [
    svc.portEnv,
    svc.hostEnv,
    ...(svc.calls ?? []).map((callee) => values.services[callee]?.urlEnv),
    ...Object.keys(svc.secretEnv ?? {}),
    ...Object.keys(svc.env ?? {}),
  ].filter((s): s is string => typeof s === 'string');
}

const base = loadValues();
const variants = ['values-sandbox.yaml', 'values-production.yaml'].map((f) => mergeValues(base, loadValues(f)) as Values);
const deployed = serviceDirsOnDisk().filter((d) => d.hasMain && d.name in base.services);

describe('settings the chart passes to services', () => {
  it.each(deployed.map((d) => d.name))('are all read by %s', (name) => {
    const source = sourceOf(name);
    const names = new Set([base, ...variants].flatMap((v) => settingsFor(v, name)));
    const unread = [...names].filter((n) => !(n in NOT_YET_READ) && !new RegExp(`['"\`]${n}['"\`]`).test(source));
    expect(unread).toEqual([]);
  });

  it('still need every NOT_YET_READ entry', () => {
    for (const setting of Object.keys(NOT_YET_READ)) {
      const readers = deployed.filter((d) => new RegExp(`['"\`]${setting}['"\`]`).test(sourceOf(d.name)));
      const expecting = deployed.filter((d) => settingsFor(base, d.name).includes(setting));
      expect(readers.length, `${setting} is read by every service now: drop it from NOT_YET_READ`).toBeLessThan(expecting.length);
    }
  });
});
