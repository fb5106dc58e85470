/**
 * The chart rendered as Helm renders it, without Helm: render/main.go is Go's text/template with
 * sprig and Helm's own functions (Debian's golang-go and golang-github-masterminds-sprig-dev,
 * installed by tools/dev/ensure-go.sh), built once per source and cached. Every rendered object
 * can be checked against the Kubernetes JSON schemas (the kubernetes-models package's validators).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from 'kubernetes-models';
import { parseAllDocuments } from 'yaml';
import { chartDir, loadValues, mergeValues, repoRoot } from './platform.js';
import { valuesProblems } from './values-schema.js';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RenderOptions {
  /** Values files under the chart directory (e.g. values-production.yaml), in order. */
  files?: readonly string[];
  /** Overrides merged over the values, as `helm --set-json` would. */
  set?: Record<string, unknown>;
  /** Extra API versions the cluster serves (e.g. monitoring.coreos.com/v1). */
  apiVersions?: readonly string[];
  releaseName?: string;
}

const source = join(repoRoot, 'tools/deploy-check/render/main.go');
const GO_ENV = { ...process.env, GOPATH: '/usr/share/gocode', GO111MODULE: 'off', GOFLAGS: '', GOCACHE: join(tmpdir(), 'vrp-go-cache') };

/** The renderer binary, built from render/main.go unless this source was built already. */
function renderer(): string {
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `vrp-chart-render-${hash}`);
  const binary = join(dir, 'render');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('go', ['build', '-o', binary, source], { env: GO_ENV, stdio: 'pipe' });
  }
  return binary;
}

/** Renders the chart; throws with the renderer's message when a template fails (e.g. `fail`, `required`). */
export function renderChart(options: RenderOptions = {}): K8sObject[] {
  // Helm validates the merged values against values.schema.json before rendering anything.
  const merged = [...(options.files ?? []).map((f) => loadValues(f)), options.set ?? {}].reduce<unknown>(mergeValues, loadValues());
  const problems = valuesProblems(merged);
  if (problems.length) throw new Error(`values do not match values.schema.json:\n${problems.join('\n')}`);
  const args = ['-chart', chartDir, '-name', options.releaseName ?? 'vrp', '-namespace', 'vrp'];
  for (const f of options.files ?? []) args.push('-f', join(chartDir, f));
  if (options.set) args.push('-set-json', JSON.stringify(options.set));
  for (const v of options.apiVersions ?? []) args.push('-api-versions', v);
  let out: string;
  try {
    out = execFileSync(renderer(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(String((err as { stderr?: string }).stderr || err), { cause: err });
  }
  return parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((d): d is K8sObject => d !== null);
}

type Validating = { validate(): void };
type ModelClass = new (data: unknown) => Validating;
const GROUPS: Record<string, Record<string, unknown>> = {
  v1: k8s.v1 as never,
  'apps/v1': k8s.apps.v1 as never,
  'batch/v1': k8s.batch.v1 as never,
  'policy/v1': k8s.policy.v1 as never,
  'autoscaling/v2': k8s.autoscaling.v2 as never,
  'networking.k8s.io/v1': k8s.networkingK8sIo.v1 as never,
};

/** Minimal schema of the Prometheus Operator's ServiceMonitor (a CRD: not in the Kubernetes schemas). */
function serviceMonitorProblems(o: K8sObject): string[] {
  const spec = o.spec as
    { selector?: { matchLabels?: object }; endpoints?: { port?: unknown; path?: unknown; interval?: unknown }[] } | undefined;
  const problems: string[] = [];
  if (!spec?.selector?.matchLabels) problems.push('spec.selector.matchLabels is required');
  if (!Array.isArray(spec?.endpoints) || spec.endpoints.length === 0) problems.push('spec.endpoints must be a non-empty array');
  for (const e of spec?.endpoints ?? []) {
    if (typeof e.port !== 'string') problems.push('spec.endpoints[].port must be a port name');
    if (e.interval !== undefined && !/^\d+[smh]$/.test(String(e.interval))) problems.push('spec.endpoints[].interval must be a duration');
  }
  return problems;
}

/** The schema problems of one object (empty when valid); an unknown kind is a problem too. */
export function schemaProblems(o: K8sObject): string[] {
  const where = `${o.kind}/${o.metadata?.name}`;
  if (o.apiVersion === 'monitoring.coreos.com/v1' && o.kind === 'ServiceMonitor')
    return serviceMonitorProblems(o).map((p) => `${where}: ${p}`);
  const Model = GROUPS[o.apiVersion]?.[o.kind] as ModelClass | undefined;
  if (!Model) return [`${where}: no schema for ${o.apiVersion} ${o.kind}`];
  try {
    new Model(o).validate();
    return [];
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
}

/** The objects of `kind`, by name. */
export function byKind(objects: K8sObject[], kind: string): Map<string, K8sObject> {
  return new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));
}
