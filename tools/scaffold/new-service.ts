/**
 * Generates a new service with the platform's one skeleton (CONTRIBUTING.md): its gRPC contract,
 * the service folder (config, app on startUp, deps, messages, db, domain, handlers, use cases),
 * its Prisma schema and first migration, its Helm values, its place in `npm start`, and tests
 * that pass as generated. The example resource is an `Item` (create and get, per merchant) to
 * replace with the service's own.
 *
 * What it writes is in template/: template/files/ mirrors the repository (a `.tmpl` file there
 * becomes the same path without `.tmpl`), template/wiring/ holds what is added to existing files.
 * Both paths and contents carry `{{placeholder}}`s, filled by `placeholders` below.
 *
 *   npm run scaffold -- <name>        e.g. npm run scaffold -- payout-batch
 *
 * Then: `npm run codegen` (its contracts), `npx tsx tools/codegen/sql-types.ts <name>` (its queries' types), and `npm test`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/** The spellings of one service name. */
export interface ServiceNames {
  /** services/<dir>, the image and chart name: kebab-case. */
  dir: string;
  /** Proto package segment and Postgres schema: snake_case. */
  snake: string;
  /** Export name in @vrp/contracts: camelCase. */
  camel: string;
  /** Type names: PascalCase. */
  pascal: string;
  /** Setting prefix: UPPER_SNAKE. */
  upper: string;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
const TAKEN = new Set([
  'gateway',
  'mandate',
  'payment',
  'refund',
  'webhook',
  'bank-connector',
  'model-bank',
  'bank',
  'connector',
  'common',
  'events',
  'health',
]);

export function serviceNames(dir: string): ServiceNames {
  if (!NAME.test(dir)) throw new Error(`service name must be kebab-case letters and digits (e.g. payout-batch), got '${dir}'`);
  if (TAKEN.has(dir)) throw new Error(`'${dir}' is taken`);
  const parts = dir.split('-');
  const pascal = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
  return { dir, snake: parts.join('_'), camel: pascal[0]!.toLowerCase() + pascal.slice(1), pascal, upper: parts.join('_').toUpperCase() };
}

/** The next free gRPC port after those the chart already gives. */
function nextPort(root: string): number {
  const values = readFileSync(path.join(root, 'deploy/helm/vrp/values.yaml'), 'utf8');
  const ports = [...values.matchAll(/^ {4}port: (\d+)$/gm)].map((m) => Number(m[1])).filter((p) => p >= 50051);
  return Math.max(50050, ...ports) + 1;
}

/** Where the templates are: beside this file, whichever tree it writes into. */
const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'template');

/**
 * The values of a template's placeholders: the name's spellings, its gRPC port, the first
 * migration's stamp, and `version:<package>`, the version the root pins a dependency at, else the
 * one the services declare (a new service declares what it imports at the versions the others use).
 */
function placeholders(n: ServiceNames, port: number, root: string): (key: string) => string | undefined {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const fixed: Record<string, string> = {
    name: n.dir,
    name_snake: n.snake,
    nameCamel: n.camel,
    NamePascal: n.pascal,
    NAME_UPPER: n.upper,
    port: String(port),
    migration_stamp: migrationStamp(),
    // pgtyped's own placeholder in pgtyped.config.json (each .sql file's name), written as is.
    pgtyped_file_name: '{{name}}',
  };
  return (key) => {
    if (key.startsWith('version:')) {
      const name = key.slice('version:'.length);
      return manifest.dependencies?.[name] ?? manifest.devDependencies?.[name] ?? servicesVersion(root, name) ?? '*';
    }
    return fixed[key];
  };
}

/** The version the existing services declare `name` at (the first that does), if any does. */
function servicesVersion(root: string, name: string): string | undefined {
  for (const service of readdirSync(path.join(root, 'services')).sort()) {
    const file = path.join(root, 'services', service, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
    const version = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    if (version) return version;
  }
  return undefined;
}

/** `text` with every `{{key}}` replaced by its value; an unknown key is a broken template. */
function fill(text: string, value: (key: string) => string | undefined, where: string): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (_, key: string) => {
    const filled = value(key);
    if (filled === undefined) throw new Error(`${where}: unknown placeholder {{${key}}}`);
    return filled;
  });
}

/** The templates under template/files/, as paths relative to it, in a stable order. */
export function templateFiles(): string[] {
  return readdirSync(path.join(TEMPLATE, 'files'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tmpl'))
    .sort();
}

/** One template of template/`file`, filled. */
function render(file: string, value: (key: string) => string | undefined): string {
  return fill(readFileSync(path.join(TEMPLATE, file), 'utf8'), value, `template/${file}`);
}

/** Writes the files of a new service under `root` (formatted as the repository is) and wires it in; returns the paths written. */
export async function scaffold(root: string, dir: string): Promise<string[]> {
  const n = serviceNames(dir);
  if (existsSync(path.join(root, 'services', n.dir))) throw new Error(`services/${n.dir} exists already`);
  const value = placeholders(n, nextPort(root), root);
  const written: string[] = [];
  for (const template of templateFiles()) {
    const file = fill(template.replace(/\.tmpl$/, ''), value, `template/files/${template}`);
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    const text = render(path.join('files', template), value);
    const formattable = /\.(ts|json)$/.test(file);
    const options = formattable ? await prettier.resolveConfig(full) : null;
    writeFileSync(full, formattable ? await prettier.format(text, { ...options, filepath: full }) : text);
    written.push(file);
  }

  // Wiring into what exists: the contracts package, the chart, `npm start`.
  const contracts = path.join(root, 'packages/contracts/src/index.ts');
  const exportLine = render('wiring/contracts-index.ts.tmpl', value);
  const index = readFileSync(contracts, 'utf8');
  writeFileSync(contracts, index.replace(/(export \* as health [^\n]*\n)/, `${exportLine}$1`));
  written.push('packages/contracts/src/index.ts');

  const values = path.join(root, 'deploy/helm/vrp/values.yaml');
  writeFileSync(values, `${readFileSync(values, 'utf8').replace(/\n*$/, '\n')}\n${render('wiring/values.yaml.tmpl', value)}`);
  written.push('deploy/helm/vrp/values.yaml');
  // The values schema is strict: it names every service.
  const schemaFile = path.join(root, 'deploy/helm/vrp/values.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties: { services: { properties: Record<string, unknown> } } };
  schema.properties.services.properties[n.dir] = { $ref: '#/definitions/service' };
  const schemaText = `${JSON.stringify(schema, null, 2)}\n`;
  writeFileSync(schemaFile, await prettier.format(schemaText, { ...(await prettier.resolveConfig(schemaFile)), filepath: schemaFile }));
  written.push('deploy/helm/vrp/values.schema.json');

  const processes = path.join(root, 'tools/dev/processes.ts');
  const before = readFileSync(processes, 'utf8');
  const after = before
    .replace(/(const SERVICES = \[[^\]]*)\] as const;/, `$1, '${n.dir}'] as const;`)
    .replace(/(const URL_SETTING[^{]*\{\n(?: {2}[^\n]*\n)*)/, `$1  '${n.dir}': '${n.upper}_SERVICE_URL',\n`);
  if (after === before) throw new Error('tools/dev/processes.ts no longer has the shape the scaffold edits');
  writeFileSync(processes, after);
  written.push('tools/dev/processes.ts');
  return written;
}

/** yyyymmddhhmmss now (UTC), the migration folder prefix Prisma uses. */
function migrationStamp(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const name = process.argv[2];
  if (!name) {
    console.error('usage: npm run scaffold -- <name>   (kebab-case, e.g. payout-batch)');
    process.exit(2);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  try {
    const written = await scaffold(root, name);
    for (const file of written) console.log(`  wrote ${file}`);
    console.log(
      `\nservices/${name} is ready. Next: npm install && npm run codegen && npx tsx tools/codegen/sql-types.ts ${name} && npm test`,
    );
  } catch (err) {
    console.error(`scaffold: ${(err as Error).message}`);
    process.exit(1);
  }
}
