/**
 * Generates the SDK's typed surface from the OpenAPI document (@vrp/public-api), so the client
 * can never drift from the contract: one TypeScript type per component schema, one method per
 * operation. Writes src/gen/api.ts (not committed; `npm run codegen` runs this).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiDocument } from '@vrp/public-api';
import * as prettier from 'prettier';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  style?: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const doc = openapiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Component names that would shadow a global in TypeScript get a clearer one. */
const RENAMED: Record<string, string> = { Error: 'ErrorBody' };
const typeName = (name: string) => RENAMED[name] ?? name;

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const comment = (text: string | undefined, indent = '') =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '';

/** A TypeScript type for a JSON Schema (the 2020-12 subset the document uses). */
function typeOf(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  if (typeof schema.$ref === 'string') return typeName(schema.$ref.split('/').pop()!);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).map(typeOf).join(' & ');
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))
    return ((schema.oneOf ?? schema.anyOf) as Schema[]).map(typeOf).join(' | ');
  const types = ([] as unknown[]).concat(schema.type ?? []) as string[];
  if (types.length > 1) return types.map((t) => typeOf({ ...schema, type: t })).join(' | ');
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(schema.items as Schema)}>`;
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const fields = Object.entries(properties).map(
        ([name, sub]) =>
          `${comment(sub.description as string | undefined, '  ')}  ${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(sub)};`,
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') fields.push(`  [key: string]: ${typeOf(extra as Schema)};`);
      if (fields.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
      return `{\n${fields.join('\n')}\n}`;
    }
    default:
      return 'unknown';
  }
}

const camel = (name: string) => name.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (c) => c.toUpperCase());

/** A query parameter's type: a deepObject (`metadata[key]=value`) is a record the transport spells out. */
const queryType_ = (p: Parameter) =>
  p.style === 'deepObject' ? 'Record<string, string>' : p.schema?.type === 'integer' ? 'number | string' : 'string';

function generate(): string {
  const out: string[] = [
    '// Generated from the OpenAPI document by packages/sdk/scripts/generate.ts. Do not edit: run `npm run codegen`.',
    "import type { RequestOptions, Transport } from '../transport.js';",
    '',
  ];
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    out.push(`${comment(schema.description as string | undefined)}export type ${typeName(name)} = ${typeOf(schema)};`, '');
  }
  const methods: string[] = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId || route === '/v1/openapi.json' || !route.startsWith('/v1/')) continue;
      // A stream (text/event-stream) is read with EventSource or `vrp listen`, not as one response.
      if (Object.values(op.responses).some((r) => r.content?.['text/event-stream'])) continue;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      const args: string[] = pathParams.map((p) => `${camel(p.name)}: string`);
      let queryType = '';
      if (queryParams.length) {
        queryType = `${pascal(op.operationId)}Query`;
        out.push(
          `/** Query parameters of ${op.operationId}. */\nexport interface ${queryType} {\n${queryParams
            .map((p) => `${comment(p.description, '  ')}  ${key(p.name)}?: ${queryType_(p)};`)
            .join('\n')}\n}`,
          '',
        );
      }
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) args.push(`body${op.requestBody?.required === false ? '?' : ''}: ${typeOf(body)}`);
      if (queryType) args.push(`query?: ${queryType}`);
      args.push('options?: RequestOptions');
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      const responseType = typeOf(success?.[1].content?.['application/json']?.schema) || 'unknown';
      const url = '`' + route.replace(/\{(\w+)\}/g, (_, p: string) => '${encodeURIComponent(' + camel(p) + ')}') + '`';
      methods.push(
        `${comment(`${op.summary ?? op.operationId}. ${op.description ?? ''}`, '  ')}  ${op.operationId}(${args.join(', ')}): Promise<${responseType}> {\n` +
          `    return this.transport.request('${method.toUpperCase()}', ${url}, { ${body ? 'body, ' : ''}${queryType ? 'query, ' : ''}...options });\n  }`,
      );
    }
  }
  out.push(
    '/** Every operation of the API as a typed method; the transport adds auth, idempotency keys, retries and errors. */',
    'export class Operations {',
    '  constructor(protected readonly transport: Transport) {}',
    '',
    methods.join('\n\n'),
    '}',
    '',
  );
  return out.join('\n');
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/gen/api.ts');
mkdirSync(path.dirname(file), { recursive: true });
const options = await prettier.resolveConfig(file);
writeFileSync(file, await prettier.format(generate(), { ...options, filepath: file }));
process.stderr.write(`sdk: wrote ${path.relative(process.cwd(), file)}\n`);
