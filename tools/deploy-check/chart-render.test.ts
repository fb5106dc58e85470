// The chart rendered as Helm renders it (Go text/template + sprig, see render.ts) for the default,
// sandbox and production values and for the settings operators change, every object checked
// against the Kubernetes JSON schemas.
import { describe, expect, it } from 'vitest';
import { byKind, renderChart, schemaProblems, type K8sObject } from './render.js';

const PRODUCTION = {
  files: ['values-production.yaml'],
  set: {
    services: {},
    bank: {
      issuer: 'https://auth.bank.example',
      apiUrl: 'https://api.bank.example/open-banking/v4.0/pisp',
      clientId: 'vrp-platform',
      signingKid: 'platform-signing-1',
    },
  },
};
const SERVICES = ['gateway', 'mandate', 'payment', 'refund', 'webhook', 'bank-connector', 'model-bank', 'schedule'];
type Container = { name: string; image: string; ports: { name: string; containerPort: number }[]; env: { name: string; value?: string }[] };
const containerOf = (d: K8sObject) => (d.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
const podSpecOf = (d: K8sObject) => (d.spec as { template: { spec: Record<string, unknown> } }).template.spec;

describe('the rendered chart', () => {
  it.each([
    ['default', {}],
    ['sandbox', { files: ['values-sandbox.yaml'] }],
    ['production', PRODUCTION],
    [
      'everything on',
      {
        set: {
          ingress: { enabled: true },
          metrics: { serviceMonitor: { enabled: true } },
          serviceDefaults: { autoscaling: { enabled: true } },
        },
        apiVersions: ['monitoring.coreos.com/v1'],
      },
    ],
  ] as const)('%s values: every object is valid against the Kubernetes schemas', (_name, options) => {
    const objects = renderChart(options);
    expect(objects.length).toBeGreaterThan(20);
    expect(objects.flatMap(schemaProblems)).toEqual([]);
    const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(names).size, 'no two objects share kind and name').toBe(names.length);
  });

  it('is checked by a validator that catches a broken object', () => {
    const [deployment] = [...byKind(renderChart(), 'Deployment').values()];
    expect(schemaProblems({ ...deployment!, spec: { ...deployment!.spec, replicas: 'three' } })).not.toEqual([]);
    const template = (deployment!.spec as { template: object }).template;
    expect(
      schemaProblems({ ...deployment!, spec: { ...deployment!.spec, template: { ...template, spec: { containers: 'app' } } } }),
    ).not.toEqual([]);
    expect(schemaProblems({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } })).not.toEqual([]);
  });

  it('honours each service’s own image repository, tag and digest', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const deployments = byKind(
      renderChart({
        set: {
          image: { tag: '1.2.0' },
          services: {
            payment: { image: { tag: '1.2.4' } },
            mandate: { image: { tag: '1.2.3' } },
            refund: { image: { repository: 'registry.example/refund', digest } },
          },
        },
      }),
      'Deployment',
    );
    expect(containerOf(deployments.get('vrp-payment')!).image).toBe('ghcr.io/example-org/vrp/payment:1.2.4');
    expect(containerOf(deployments.get('vrp-mandate')!).image).toBe('ghcr.io/example-org/vrp/mandate:1.2.3');
    expect(containerOf(deployments.get('vrp-refund')!).image).toBe(`registry.example/refund:1.2.0@${digest}`);
    expect(containerOf(deployments.get('vrp-gateway')!).image).toBe('ghcr.io/example-org/vrp/gateway:1.2.0');
    expect(deployments.get('vrp-payment')!.metadata.labels!['app.kubernetes.io/version']).toBe('1.2.4');
    // values.schema.json refuses it before the template's own check would.
    expect(() => renderChart({ set: { services: { payment: { image: { digest: 'latest' } } } } })).toThrow(
      /\$\.services\.payment\.image\.digest: must match pattern/,
    );
  });

  it('gives each service its ServiceAccount without an API token, replicas or an HPA, and a PDB', () => {
    const objects = renderChart({ set: { services: { payment: { autoscaling: { enabled: true, minReplicas: 3, maxReplicas: 9 } } } } });
    const accounts = byKind(objects, 'ServiceAccount');
    for (const d of byKind(objects, 'Deployment').values()) {
      const pod = podSpecOf(d);
      expect(accounts.get(pod.serviceAccountName as string), d.metadata.name).toMatchObject({ automountServiceAccountToken: false });
      expect(pod.automountServiceAccountToken).toBe(false);
    }
    const hpas = byKind(objects, 'HorizontalPodAutoscaler');
    expect([...hpas.keys()]).toEqual(['vrp-payment']);
    expect(hpas.get('vrp-payment')!.spec).toMatchObject({
      minReplicas: 3,
      maxReplicas: 9,
      scaleTargetRef: { kind: 'Deployment', name: 'vrp-payment' },
    });
    expect(byKind(objects, 'Deployment').get('vrp-payment')!.spec!.replicas, 'the HPA owns replicas').toBeUndefined();
    expect(byKind(objects, 'Deployment').get('vrp-mandate')!.spec!.replicas).toBe(2);
    expect([...byKind(objects, 'PodDisruptionBudget').keys()].sort()).toEqual(SERVICES.map((s) => `vrp-${s}`).sort());
  });

  it('takes enabled, replicas and resources per service', () => {
    const resources = { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '2', memory: '1Gi' } };
    const objects = renderChart({
      set: { services: { payment: { replicas: 4, resources }, refund: { enabled: false, externalUrl: 'http://refund.elsewhere:50053' } } },
    });
    expect(objects.flatMap(schemaProblems)).toEqual([]);
    const deployments = byKind(objects, 'Deployment');
    expect(deployments.get('vrp-payment')!.spec!.replicas).toBe(4);
    expect((containerOf(deployments.get('vrp-payment')!) as Container & { resources: unknown }).resources).toEqual(resources);
    expect((containerOf(deployments.get('vrp-mandate')!) as Container & { resources: unknown }).resources).toEqual({
      requests: { cpu: '100m', memory: '160Mi' },
      limits: { cpu: '1', memory: '512Mi' },
    });
    // The gateway has room for its password hashing slots (128 MiB each), the rest of its defaults kept.
    expect((containerOf(deployments.get('vrp-gateway')!) as Container & { resources: unknown }).resources).toEqual({
      requests: { cpu: '100m', memory: '160Mi' },
      limits: { cpu: '1', memory: '768Mi' },
    });
    expect(objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component']?.startsWith('refund'))).toEqual([]);
    expect(containerOf(deployments.get('vrp-gateway')!).env).toContainEqual({
      name: 'REFUND_SERVICE_URL',
      value: 'http://refund.elsewhere:50053',
    });
  });

  it('exposes every service’s metrics port, and renders ServiceMonitors only when asked and served', () => {
    const objects = renderChart();
    const ports = {
      gateway: 9100,
      mandate: 9101,
      payment: 9102,
      refund: 9103,
      webhook: 9104,
      'model-bank': 9105,
      'bank-connector': 9106,
    };
    for (const [name, port] of Object.entries(ports)) {
      const container = containerOf(byKind(objects, 'Deployment').get(`vrp-${name}`)!);
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: port, protocol: 'TCP' });
      expect(container.env).toContainEqual({ name: 'METRICS_PORT', value: String(port) });
      expect((byKind(objects, 'Service').get(`vrp-${name}`)!.spec as { ports: { name: string }[] }).ports.map((p) => p.name)).toContain(
        'metrics',
      );
    }
    expect(byKind(objects, 'ServiceMonitor').size).toBe(0);
    const on = { set: { metrics: { serviceMonitor: { enabled: true } } } };
    expect(byKind(renderChart(on), 'ServiceMonitor').size, 'no Prometheus Operator API in the cluster').toBe(0);
    const monitors = byKind(renderChart({ ...on, apiVersions: ['monitoring.coreos.com/v1'] }), 'ServiceMonitor');
    expect(monitors.size).toBe(8);
    expect(monitors.get('vrp-payment')!.spec).toMatchObject({ endpoints: [{ port: 'metrics', path: '/metrics' }] });
  });

  it('makes every gRPC service headless, so its callers see and balance over every pod, and the gateway and model bank plain Services', () => {
    const services = byKind(renderChart(), 'Service');
    for (const name of SERVICES.filter((s) => s !== 'gateway' && s !== 'model-bank'))
      expect((services.get(`vrp-${name}`)!.spec as { clusterIP?: string }).clusterIP, name).toBe('None');
    expect((services.get('vrp-gateway')!.spec as { clusterIP?: string }).clusterIP).toBeUndefined();
    expect((services.get('vrp-model-bank')!.spec as { clusterIP?: string }).clusterIP).toBeUndefined();
  });

  it('serves the gateway through an Ingress with TLS in production', () => {
    expect(byKind(renderChart(), 'Ingress').size).toBe(0);
    const ingress = byKind(renderChart(PRODUCTION), 'Ingress').get('vrp-gateway')!;
    const spec = ingress.spec as {
      tls: { hosts: string[]; secretName: string }[];
      rules: { host: string; http: { paths: { backend: unknown }[] } }[];
    };
    expect(spec.tls).toEqual([{ hosts: [spec.rules[0]!.host], secretName: 'vrp-gateway-tls' }]);
    expect(spec.rules[0]!.http.paths[0]!.backend).toEqual({ service: { name: 'vrp-gateway', port: { name: 'http' } } });
  });

  it('routes only the API and the console through the Ingress: /healthz and /readyz stay inside the cluster', () => {
    const ingress = byKind(renderChart(PRODUCTION), 'Ingress').get('vrp-gateway')!;
    const paths = (ingress.spec as { rules: { http: { paths: { path: string; pathType: string }[] } }[] }).rules[0]!.http.paths;
    expect(paths.map((p) => [p.path, p.pathType])).toEqual([
      ['/v1', 'Prefix'],
      ['/console', 'Prefix'],
    ]);
  });

  it('tells the gateway behind the Ingress to trust the controller’s X-Forwarded-For (TRUST_PROXY), and only there', () => {
    const gatewayEnv = (options: Parameters<typeof renderChart>[0]) =>
      containerOf(byKind(renderChart(options), 'Deployment').get('vrp-gateway')!).env.filter((e) => e.name === 'TRUST_PROXY');
    expect(gatewayEnv(PRODUCTION)).toEqual([{ name: 'TRUST_PROXY', value: '1' }]);
    expect(gatewayEnv({})).toEqual([]);
    expect(gatewayEnv({ ...PRODUCTION, set: { ...PRODUCTION.set, ingress: { trustProxy: 2 } } })).toEqual([
      { name: 'TRUST_PROXY', value: '2' },
    ]);
    // The operator's own setting wins, once.
    expect(
      gatewayEnv({
        ...PRODUCTION,
        set: { ...PRODUCTION.set, services: { ...PRODUCTION.set.services, gateway: { env: { TRUST_PROXY: '10.0.0.0/8' } } } },
      }),
    ).toEqual([{ name: 'TRUST_PROXY', value: '10.0.0.0/8' }]);
    expect(() => renderChart({ ...PRODUCTION, set: { ...PRODUCTION.set, ingress: { trustProxy: '' } } })).toThrow(
      /ingress\.trustProxy is required/,
    );
  });
});

describe('NetworkPolicies', () => {
  type Peer = {
    podSelector?: { matchLabels: Record<string, string> };
    namespaceSelector?: { matchLabels: Record<string, string> };
    ipBlock?: { cidr: string; except?: string[] };
  };
  type Rule = { ports?: { port: string | number }[]; from?: Peer[]; to?: Peer[] };
  const policies = byKind(renderChart(), 'NetworkPolicy');
  const policy = (name: string) => policies.get(`vrp-${name}`)!.spec as { ingress: Rule[]; egress: Rule[]; policyTypes: string[] };
  const callersOf = (name: string) =>
    policy(name)
      .ingress.filter((r) => r.ports?.some((p) => p.port === 'grpc' || p.port === 'http'))
      .flatMap((r) => (r.from ?? []).map((p) => p.podSelector?.matchLabels['app.kubernetes.io/component'] ?? 'anyone'));

  it('let only the gateway take traffic from outside, and each service only from its callers', () => {
    expect(policies.size).toBe(8);
    for (const name of SERVICES) expect(policy(name).policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy('gateway').ingress[0]).toEqual({ ports: [{ port: 'http', protocol: 'TCP' }] }); // no `from`: any source
    // The customers' bank: their browsers open its consent page.
    expect(policy('model-bank').ingress[0]).toEqual({ ports: [{ port: 'http', protocol: 'TCP' }] });
    expect(callersOf('mandate')).toEqual(['bank-connector', 'gateway', 'payment', 'schedule']);
    expect(callersOf('schedule')).toEqual(['gateway']);
    expect(callersOf('payment')).toEqual(['bank-connector', 'gateway', 'mandate', 'refund', 'schedule']);
    expect(callersOf('refund')).toEqual(['bank-connector', 'gateway']);
    expect(callersOf('bank-connector')).toEqual(['gateway', 'mandate', 'payment', 'refund']);
    expect(callersOf('webhook')).toEqual(['gateway']);
    const narrowed = byKind(renderChart({ set: { networkPolicy: { gatewayFromNamespaces: ['ingress-nginx'] } } }), 'NetworkPolicy');
    expect((narrowed.get('vrp-gateway')!.spec as { ingress: Rule[] }).ingress[0]!.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
    ]);
  });

  it('let the webhook service reach the internet but no private or cluster range, and no other service at all', () => {
    const internet = (name: string) => policy(name).egress.filter((r) => r.to?.some((p) => p.ipBlock?.cidr === '0.0.0.0/0') && !r.ports);
    const [rule] = internet('webhook');
    expect(rule!.to![0]!.ipBlock!.except).toEqual(
      expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '127.0.0.0/8']),
    );
    for (const name of SERVICES.filter((s) => s !== 'webhook')) expect(internet(name), name).toEqual([]);
    const withCluster = byKind(
      renderChart({ set: { networkPolicy: { clusterCidrs: ['10.96.0.0/12', '10.244.0.0/16'] } } }),
      'NetworkPolicy',
    );
    const except = (withCluster.get('vrp-webhook')!.spec as { egress: Rule[] }).egress.find((r) => !r.ports)!.to![0]!.ipBlock!.except;
    expect(except).toEqual(expect.arrayContaining(['10.96.0.0/12', '10.244.0.0/16']));
  });

  it('let each service call exactly the services it calls, and be scraped from the monitoring namespace', () => {
    const callees = (name: string) =>
      policy(name).egress.flatMap((r) => (r.to ?? []).flatMap((p) => p.podSelector?.matchLabels['app.kubernetes.io/component'] ?? []));
    expect(callees('gateway')).toEqual(['mandate', 'payment', 'refund', 'webhook', 'bank-connector', 'schedule']);
    expect(callees('schedule')).toEqual(['mandate', 'payment']);
    expect(callees('bank-connector')).toEqual(['mandate', 'payment', 'refund', 'model-bank']);
    expect(callees('model-bank')).toEqual(['gateway']);
    expect(callees('payment')).toEqual(['mandate', 'bank-connector']);
    expect(callees('mandate')).toEqual(['payment', 'bank-connector']);
    for (const name of SERVICES)
      expect(policy(name).ingress).toContainEqual({
        ports: [{ port: 'metrics', protocol: 'TCP' }],
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
      });
    expect(byKind(renderChart({ set: { networkPolicy: { enabled: false } } }), 'NetworkPolicy').size).toBe(0);
  });
});

describe('the event stream', () => {
  const envOf = (objects: K8sObject[], name: string) =>
    Object.fromEntries(containerOf(byKind(objects, 'Deployment').get(`vrp-${name}`)!).env.map((e) => [e.name, e.value]));

  it('gives every service the stream’s replicas, retention and limits from events.*', () => {
    const defaults = renderChart();
    for (const name of ['mandate', 'payment', 'refund', 'webhook', 'bank-connector'])
      expect(envOf(defaults, name)).toMatchObject({
        EVENT_STREAM_REPLICAS: '1',
        EVENT_STREAM_RETENTION: 'limits',
        EVENT_STREAM_MAX_AGE: '168h',
        EVENT_STREAM_MAX_BYTES: '-1',
      });
    const clustered = renderChart({ set: { events: { replicas: 3, retention: 'interest', maxAge: '72h', maxBytes: 10737418240 } } });
    expect(envOf(clustered, 'payment')).toMatchObject({
      EVENT_STREAM_REPLICAS: '3',
      EVENT_STREAM_RETENTION: 'interest',
      EVENT_STREAM_MAX_AGE: '72h',
      EVENT_STREAM_MAX_BYTES: '10737418240',
    });
  });
});

describe('database URLs', () => {
  type Env = { name: string; valueFrom?: { secretKeyRef: { name: string; key: string } } };
  const dbUrlOf = (objects: K8sObject[], kind: string, name: string) =>
    (
      byKind(objects, kind).get(name)!.spec as { template: { spec: { containers: { env: Env[] }[] } } }
    ).template.spec.containers[0]!.env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;

  it('reads each service’s own key of the shared Secret, or its own Secret when it names one (pods and migration Job alike)', () => {
    const shared = renderChart();
    expect(dbUrlOf(shared, 'Deployment', 'vrp-payment')).toEqual({ name: 'vrp-database-urls', key: 'payment' });
    const split = renderChart({ set: { services: { payment: { databaseUrl: { secretName: 'vrp-payment-db' } } } } });
    expect(dbUrlOf(split, 'Deployment', 'vrp-payment')).toEqual({ name: 'vrp-payment-db', key: 'DATABASE_URL' });
    expect(dbUrlOf(split, 'Job', 'vrp-payment-migrate')).toEqual({ name: 'vrp-payment-db', key: 'DATABASE_URL' });
    expect(dbUrlOf(split, 'Deployment', 'vrp-mandate')).toEqual({ name: 'vrp-database-urls', key: 'mandate' });
    const keyed = renderChart({ set: { services: { refund: { databaseUrl: { secretName: 'dbs', key: 'refund-url' } } } } });
    expect(dbUrlOf(keyed, 'Deployment', 'vrp-refund')).toEqual({ name: 'dbs', key: 'refund-url' });
  });
});

describe('the bank', () => {
  type Env = { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } };
  type Pod = {
    volumes: { name: string; secret?: { secretName: string } }[];
    containers: { env: Env[]; volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[]; readinessProbe: unknown }[];
  };
  const podOf = (objects: K8sObject[], name: string) => podSpecOf(byKind(objects, 'Deployment').get(`vrp-${name}`)!) as unknown as Pod;
  const envOf = (pod: Pod) => Object.fromEntries(pod.containers[0]!.env.map((e) => [e.name, e.value ?? e.valueFrom]));

  it('runs the connector everywhere, pointed in sandbox at the model bank with its files mounted from a Secret', () => {
    const objects = renderChart();
    const pod = podOf(objects, 'bank-connector');
    expect(pod.volumes).toContainEqual({ name: 'credentials', secret: { secretName: 'vrp-bank-credentials' } });
    expect(pod.containers[0]!.volumeMounts).toContainEqual({ name: 'credentials', mountPath: '/etc/vrp/bank', readOnly: true });
    expect(envOf(pod)).toMatchObject({
      BANK_ISSUER: 'https://vrp-model-bank:8443',
      BANK_TRANSPORT_CERT: '/etc/vrp/bank/transport.pem',
      BANK_TRANSPORT_KEY: '/etc/vrp/bank/transport.key',
      BANK_SIGNING_KEY: '/etc/vrp/bank/signing.key',
      BANK_CA: '/etc/vrp/bank/ca.pem',
      CONNECTOR_SECRET_KEYS: { secretKeyRef: { name: 'vrp-bank-connector', key: 'CONNECTOR_SECRET_KEYS' } },
      BANK_BACK_OFFICE_TOKEN: { secretKeyRef: { name: 'vrp-model-bank', key: 'back-office-token' } },
    });
    const bank = podOf(objects, 'model-bank');
    expect(envOf(bank)).toMatchObject({
      MODEL_BANK_ISSUER: 'https://vrp-model-bank:8443',
      MODEL_BANK_TLS_CERT: '/etc/vrp/model-bank/bank-server.pem',
      MODEL_BANK_CLIENT_JWKS: '/etc/vrp/model-bank/tpp-signing.jwks.json',
      MODEL_BANK_BACK_OFFICE_TOKEN: { secretKeyRef: { name: 'vrp-model-bank', key: 'back-office-token' } },
    });
    expect(bank.containers[0]!.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: 'http', scheme: 'HTTPS' } });
  });

  it('takes the real bank from values in production, and refuses to render without it or with the model bank', () => {
    const objects = renderChart(PRODUCTION);
    expect(byKind(objects, 'Deployment').has('vrp-model-bank')).toBe(false);
    const env = envOf(podOf(objects, 'bank-connector'));
    expect(env).toMatchObject({
      BANK_ISSUER: 'https://auth.bank.example',
      BANK_API_URL: 'https://api.bank.example/open-banking/v4.0/pisp',
      BANK_CLIENT_ID: 'vrp-platform',
      BANK_SIGNING_KID: 'platform-signing-1',
      PUBLIC_BASE_URL: 'https://api.vrp.example',
    });
    expect(env).not.toHaveProperty('BANK_BACK_OFFICE_TOKEN');
    for (const key of ['issuer', 'apiUrl', 'clientId', 'signingKid'])
      expect(() => renderChart({ ...PRODUCTION, set: { ...PRODUCTION.set, bank: { ...PRODUCTION.set.bank, [key]: '' } } })).toThrow(
        `bank.${key} is required in production`,
      );
    expect(() => renderChart({ ...PRODUCTION, set: { ...PRODUCTION.set, ingress: { enabled: false } } })).toThrow(/bank\.publicBaseUrl/);
    expect(() =>
      renderChart({ ...PRODUCTION, set: { ...PRODUCTION.set, services: { ...PRODUCTION.set.services, 'model-bank': { enabled: true } } } }),
    ).toThrow('services.model-bank must not be enabled when environment is production');
  });
});

describe('the operator shell', () => {
  type Env = { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } };
  type Policy = {
    spec: { ingress: { from?: { podSelector?: { matchLabels: Record<string, string> } }[] }[]; egress: { to?: unknown[] }[] };
  };

  it('is off by default', () => {
    expect(byKind(renderChart(), 'Deployment').has('vrp-tools')).toBe(false);
  });

  it('runs the tools image idle for kubectl exec, with the gateway database and the mandate service, reachable by nothing', () => {
    const objects = renderChart({ set: { operatorShell: { enabled: true }, image: { tag: '3.1.0' } }, releaseName: 'vrp' });
    expect(objects.flatMap(schemaProblems)).toEqual([]);
    const tools = containerOf(byKind(objects, 'Deployment').get('vrp-tools')!) as Container & { command: string[]; env: Env[] };
    expect([tools.image, tools.command]).toEqual(['ghcr.io/example-org/vrp/tools:3.1.0', ['sleep', 'infinity']]);
    expect(tools.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'vrp-database-urls', key: 'gateway' } } });
    expect(tools.env).toContainEqual({ name: 'MANDATE_SERVICE_URL', value: 'http://vrp-mandate:50051' });
    const own = byKind(objects, 'NetworkPolicy').get('vrp-tools') as unknown as Policy;
    expect(own.spec.ingress).toEqual([]);
    expect(own.spec.egress.at(-1)!.to).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'vrp', 'app.kubernetes.io/component': 'mandate' } } },
    ]);
    // Only the mandate service admits it.
    const admitting = [...byKind(objects, 'NetworkPolicy').entries()]
      .filter(([, p]) =>
        (p as unknown as Policy).spec.ingress.some((r) =>
          r.from?.some((f) => f.podSelector?.matchLabels['app.kubernetes.io/component'] === 'tools'),
        ),
      )
      .map(([name]) => name);
    expect(admitting).toEqual(['vrp-mandate']);
  });

  it('ships with the gateway release only', () => {
    const payment = renderChart({ set: { only: 'payment', fullnameOverride: 'vrp', operatorShell: { enabled: true } } });
    expect(byKind(payment, 'Deployment').has('vrp-tools')).toBe(false);
    const gateway = renderChart({ set: { only: 'gateway', fullnameOverride: 'vrp', operatorShell: { enabled: true } } });
    expect(byKind(gateway, 'Deployment').has('vrp-tools')).toBe(true);
  });
});

describe('one service per release', () => {
  it('renders only that service and its own migration Job, its callees reached at their usual names', () => {
    const objects = renderChart({
      set: { only: 'payment', fullnameOverride: 'vrp', services: { payment: { image: { tag: '2.0.0' } } } },
      releaseName: 'vrp-payment',
    });
    expect(new Set(objects.map((o) => o.metadata.labels?.['app.kubernetes.io/component']))).toEqual(new Set(['payment']));
    expect([...byKind(objects, 'Job').keys()]).toEqual(['vrp-payment-migrate']);
    expect([...byKind(objects, 'Deployment').keys()]).toEqual(['vrp-payment']);
    // The Job runs the tools image at the service's own tag: the migrations payment 2.0.0 was built with.
    const migrate = containerOf(byKind(objects, 'Job').get('vrp-payment-migrate')!) as Container & { command: string[] };
    expect([migrate.image, migrate.command]).toEqual(['ghcr.io/example-org/vrp/tools:2.0.0', ['vrp-migrate', 'payment']]);
    const env = containerOf(byKind(objects, 'Deployment').get('vrp-payment')!).env;
    expect(env).toContainEqual({ name: 'MANDATE_SERVICE_URL', value: 'http://vrp-mandate:50051' });
    expect(env).toContainEqual({ name: 'CONNECTOR_SERVICE_URL', value: 'http://vrp-bank-connector:50056' });
    expect(objects.flatMap(schemaProblems)).toEqual([]);
    // Upgrading the mandate service alone never runs the payment migration.
    expect([...byKind(renderChart({ set: { only: 'mandate', fullnameOverride: 'vrp' } }), 'Job').keys()]).toEqual(['vrp-mandate-migrate']);
  });
});
