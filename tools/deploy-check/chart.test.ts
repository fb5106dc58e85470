// The Helm chart, checked structurally (no helm binary here): every service of the platform is
// instantiated from the one shared Deployment/Service template, with the right port, probes,
// wiring, security settings and migration Job.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defines, includes, nestingProblems, valuesPaths } from './go-template.js';
import { SERVICES, chartDir, isMap, loadValues, loadYamlFile, readRepoFile, serviceDirsOnDisk } from './platform.js';

const tpl = (name: string) => readRepoFile(`deploy/helm/vrp/templates/${name}`);
const templateFiles = readdirSync(join(chartDir, 'templates'));
const allTemplates = templateFiles.map((f) => ({ file: f, text: tpl(f) }));
const helpers = defines(tpl('_helpers.tpl'));
const podParts = defines(tpl('_pod.tpl'));
const values = loadValues();

describe('Chart.yaml', () => {
  it('is a v2 application chart named vrp with semver versions', () => {
    const chart = loadYamlFile<Record<string, string>>('deploy/helm/vrp/Chart.yaml');
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'vrp', type: 'application' });
    expect(chart.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(chart.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('templates', () => {
  it.each(templateFiles)('%s has balanced blocks', (file) => {
    expect(nestingProblems(tpl(file))).toEqual([]);
  });

  it('include only named templates that are defined', () => {
    const defined = new Set(allTemplates.flatMap(({ text }) => [...defines(text).keys()]));
    const used = new Set(allTemplates.flatMap(({ text }) => includes(text)));
    expect([...used].filter((n) => !defined.has(n))).toEqual([]);
  });

  it('read only values that values.yaml defines', () => {
    const missing = allTemplates.flatMap(({ file, text }) =>
      valuesPaths(text)
        .filter((p) => p.split('.').reduce<unknown>((v, k) => (isMap(v) ? v[k] : undefined), values) === undefined)
        .map((p) => `${file}: .Values.${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('have exactly one Deployment and one Service definition for services, both in _helpers.tpl (the operator shell is no service)', () => {
    expect(helpers.get('vrp.deployment')).toMatch(/^\{\{-? define "vrp\.deployment"[\s\S]*\nkind: Deployment\n/);
    expect(helpers.get('vrp.service')).toMatch(/\nkind: Service\n/);
    const kinds = allTemplates.flatMap(({ file, text }) =>
      [...text.matchAll(/^kind: (Deployment|Service)$/gm)].map((m) => `${file}:${m[1]}`),
    );
    expect(kinds.sort()).toEqual(['_helpers.tpl:Deployment', '_helpers.tpl:Service', 'operator-shell.yaml:Deployment']);
  });

  it('instantiate Deployment, Service and PDB for every service in one loop', () => {
    const loop = /\{\{-? range \$name, \$_ := \.Values\.services \}\}([\s\S]*)\{\{-? end \}\}\s*$/.exec(tpl('services.yaml'));
    expect(loop, 'services.yaml ranges over .Values.services').not.toBeNull();
    for (const name of ['vrp.deployment', 'vrp.service', 'vrp.pdb']) expect(includes(loop![1]!)).toContain(name);
    expect(helpers.get('vrp.pdb')).toMatch(/\nkind: PodDisruptionBudget\n/);
  });
});

describe('values.yaml services', () => {
  it('lists every service of the platform with its port, protocol and port setting', () => {
    for (const [name, want] of Object.entries(SERVICES)) {
      expect(values.services[name], name).toMatchObject({ protocol: want.protocol, port: want.port, portEnv: want.portEnv });
    }
  });

  it('lists every service directory that exists under services/', () => {
    const dirs = serviceDirsOnDisk()
      .filter((d) => d.hasMain)
      .map((d) => d.name);
    expect(dirs.filter((d) => !(d in values.services))).toEqual([]);
  });

  it('marks exactly the data-owning services (and any with prisma/) as database: true', () => {
    for (const [name, want] of Object.entries(SERVICES)) expect(values.services[name]?.database ?? false, name).toBe(want.database);
    for (const d of serviceDirsOnDisk().filter((x) => x.hasPrisma)) expect(values.services[d.name]?.database, d.name).toBe(true);
  });

  it('wires each service to the *_SERVICE_URL settings it reads', () => {
    for (const [name, want] of Object.entries(SERVICES)) {
      const calls = values.services[name]?.calls ?? [];
      const urlEnvs = calls.map((callee) => values.services[callee]?.urlEnv);
      expect(urlEnvs.sort(), name).toEqual([...want.calls].sort());
    }
  });

  it('gives secrets to the services that read them, from entries of `secrets`', () => {
    const secrets = values.secrets as Record<string, unknown>;
    expect(values.services.gateway?.secretEnv).toEqual({
      CURSOR_SECRET: 'cursorSecret',
      IDEMPOTENCY_SEALING_KEYS: 'idempotencySealingKeys',
    });
    expect(values.services.webhook?.secretEnv).toEqual({ WEBHOOK_SECRET_KEY: 'webhookSecretKey' });
    for (const ref of ['databaseUrls', 'cursorSecret', 'idempotencySealingKeys', 'webhookSecretKey'])
      expect(secrets[ref], ref).toHaveProperty('name');
    expect(tpl('_pod.tpl')).toMatch(/- name: DATABASE_URL\n\s+valueFrom:\n\s+secretKeyRef:/);
  });

  it('runs the model bank only in sandbox by default, and never in production', () => {
    expect(values.services['model-bank']?.enabled).toBeNull();
    expect(helpers.get('vrp.enabled')).toContain('eq .root.Values.environment "sandbox"');
    expect(loadValues('values-sandbox.yaml').services['model-bank']?.enabled).toBe(true);
    expect(loadValues('values-production.yaml').services['model-bank']?.enabled).toBe(false);
    expect(tpl('services.yaml')).toMatch(/eq \.Values\.environment "production"[^\n]*model-bank[\s\S]*?\{\{- fail /);
  });
});

describe('pods', () => {
  const probes = podParts.get('vrp.probes') ?? '';
  const [httpBranch, grpcBranch] = probes.split(/\{\{-? else -?\}\}/);

  it('probe the gateway over HTTP: /readyz for readiness, /healthz for liveness', () => {
    expect(httpBranch).toMatch(/\{\{-? if eq \.svc\.protocol "http" -?\}\}/);
    expect(httpBranch).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz\n/);
    expect(httpBranch).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/healthz\n/);
  });

  it('probe gRPC services with the native grpc: probe on their port', () => {
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(grpcBranch).toMatch(new RegExp(`${probe}:\\n\\s+grpc:\\n\\s+port: \\{\\{ \\.svc\\.port \\| int \\}\\}`));
    }
  });

  it('probe gRPC liveness on the process-only health name, readiness on the whole server', () => {
    // "liveness" never follows Postgres or NATS (packages/grpc's LIVENESS_SERVICE); "" does.
    for (const probe of ['startupProbe', 'livenessProbe']) {
      expect(grpcBranch).toMatch(new RegExp(`${probe}:\\n\\s+grpc:\\n\\s+port: [^\\n]+\\n\\s+service: liveness\\n`));
    }
    expect(grpcBranch).toMatch(/readinessProbe:\n\s+grpc:\n\s+port: [^\n]+\n\s+periodSeconds/);
  });

  it('listen on every interface, not the loopback default the kubelet cannot reach', () => {
    for (const name of Object.keys(SERVICES)) expect(values.services[name]?.hostEnv, name).toMatch(/_HOST$/);
    expect(podParts.get('vrp.serviceEnv')).toMatch(/\{\{-? with \.svc\.hostEnv \}\}\n- name: \{\{ \. \}\}\n\s+value: "0\.0\.0\.0"/);
  });

  it('run non-root on a read-only root filesystem, with limits and time to drain', () => {
    const deployment = helpers.get('vrp.deployment') ?? '';
    for (const part of ['vrp.podSpec', 'vrp.containerSecurityContext', 'vrp.probes']) expect(includes(deployment)).toContain(part);
    expect(podParts.get('vrp.podSpec')).toMatch(/runAsNonRoot: true[\s\S]*runAsUser: 1000/);
    expect(podParts.get('vrp.containerSecurityContext')).toMatch(/readOnlyRootFilesystem: true[\s\S]*allowPrivilegeEscalation: false/);
    expect(deployment).toContain('terminationGracePeriodSeconds: {{ .svc.terminationGracePeriodSeconds | int }}');
    expect(deployment).toContain('toYaml .svc.resources');
    const d = values.serviceDefaults as {
      resources: Record<string, unknown>;
      terminationGracePeriodSeconds: number;
      preStopSleepSeconds: number;
    };
    expect(Object.keys(d.resources).sort()).toEqual(['limits', 'requests']);
    expect(d.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(d.preStopSleepSeconds + 30);
  });
});

describe('migration Jobs', () => {
  const migrations = tpl('migrations.yaml');

  it("are one Job template looped over this release's services with a database", () => {
    expect(migrations).toMatch(/\{\{-? range \$name, \$_ := \.Values\.services \}\}/);
    expect(migrations).toMatch(/\{\{-? if and \$svc\.database \(eq \(include "vrp\.inRelease" \$ctx\) "true"\) \}\}/);
    expect(migrations.match(/^kind: Job$/gm)).toHaveLength(1);
  });

  it('run before the Deployments roll, on every install and upgrade', () => {
    expect(migrations).toMatch(/helm\.sh\/hook: pre-install,pre-upgrade\n/);
    expect(migrations).toMatch(/helm\.sh\/hook-delete-policy: before-hook-creation/);
  });

  it('run vrp-migrate for their service, which creates the schema its prisma.config.ts uses', () => {
    expect(migrations).toContain('command: ["vrp-migrate", "{{ $name }}"]');
    expect(readRepoFile('tools/build/vrp-migrate.sh')).toMatch(/ensure-schema\.mjs" "\$\(schema_of "\$1"\)"/);
    for (const d of serviceDirsOnDisk().filter((x) => x.hasPrisma)) {
      const config = readRepoFile(`services/${d.name}/prisma.config.ts`);
      // The schema its datasource names (the bank connector's is connector), else its name with underscores.
      const named = /^\s*schemas\s*=\s*\["([a-z_]+)"/m.exec(readRepoFile(`services/${d.name}/prisma/schema.prisma`))?.[1];
      expect(config, d.name).toMatch(/search_path=/);
      expect(config, d.name).toMatch(new RegExp(`['"]${named ?? d.name.replaceAll('-', '_')}['"]`));
    }
  });

  it('run from the tools image, read-only like the services', () => {
    expect(migrations).toContain('image: {{ include "vrp.toolsImage" $ctx }}');
    expect(migrations).not.toContain('include "vrp.image"');
    expect(migrations).toContain('include "vrp.containerSecurityContext"');
  });
});

describe('NOTES.txt', () => {
  it('tells the operator what the chart expects them to bring', () => {
    expect(tpl('NOTES.txt')).toMatch(/does not run Postgres or NATS/);
  });
});
