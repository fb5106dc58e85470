import { ConfigError } from '@vrp/config';
import { mandate } from '@vrp/contracts';
import { isApiError } from '@vrp/errors';
import { createServiceClient } from '@vrp/grpc';
import type { SqlPool } from '@vrp/sql';
import { loadDeveloperSettings, loadGatewayConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ConsoleAccounts } from '../db/console-accounts.js';
import { MerchantRepository } from '../db/merchants.js';
import { UsageError, parseArgs, readOptions } from './args.js';
import { AuditLog } from '../db/audit-log.js';
import { COMMANDS, type CliContext, type Command } from './commands.js';
import { DEVELOPER_COMMANDS, type DeveloperCommand } from './developer-commands.js';
import { CommandError } from './public-api-client.js';

function rootHelp(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(58)} ${c.summary}`);
  const developer = Object.values(DEVELOPER_COMMANDS).map((c) => `  ${c.usage.padEnd(58)} ${c.summary}`);
  return [
    'Usage: vrp <command> [options]   (every command takes --help)',
    '',
    'Operator commands:',
    ...lines,
    '',
    'Settings come from the environment, as for the gateway (VRP_ENV, DATABASE_URL, MANDATE_SERVICE_URL).',
    '',
    'Merchant developer commands (an API key and the public API only):',
    ...developer,
  ].join('\n');
}

function commandHelp(c: Pick<Command, 'usage' | 'summary' | 'options'>): string {
  const options = Object.entries(c.options).map(
    ([name, o]) => `  --${name}${o.value ? ' VALUE' : ''}${o.required ? ' (required)' : ''}  ${o.help}`,
  );
  return [`Usage: vrp ${c.usage}`, '', c.summary, ...(options.length ? ['', 'Options:', ...options] : [])].join('\n');
}

/** Everything on standard input, until it closes. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one CLI invocation; returns the exit code. Output is JSON on stdout, problems on stderr. */
export async function runCli(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  const help = parsed.options.delete('help');
  const developer = DEVELOPER_COMMANDS[parsed.words[0] ?? ''];
  if (developer) return runDeveloperCommand(developer, parsed, help);
  const name = parsed.words.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command || parsed.words.length > 2) {
    if (help || parsed.words.length === 0) {
      console.log(rootHelp());
      return help ? 0 : 1;
    }
    console.error(`error: unknown command '${parsed.words.join(' ')}'\n\n${rootHelp()}`);
    return 1;
  }
  if (help) {
    console.log(commandHelp(command));
    return 0;
  }
  let db: SqlPool | undefined;
  let client: ReturnType<CliContext['mandateClient']> | undefined;
  try {
    const options = readOptions(parsed, command.options);
    const config = loadGatewayConfig();
    db = openDatabase(config.databaseUrl);
    const ctx: CliContext = {
      config,
      merchants: new MerchantRepository(db),
      consoleAccounts: new ConsoleAccounts(db),
      audit: new AuditLog(db),
      readStdin,
      mandateClient: () =>
        (client ??= createServiceClient(mandate.MandateService, { baseUrl: config.serviceUrls.mandate, timeoutMs: config.grpcTimeoutMs })),
    };
    console.log(JSON.stringify(await command.run(ctx, options), null, 2));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) console.error(`error: ${err.message}\n\n${commandHelp(command)}`);
    else if (err instanceof ConfigError) console.error(err.message);
    else if (isApiError(err)) console.error(`error: ${err.message}${err.param ? ` (${err.param})` : ''} [${err.code}]`);
    else throw err;
    return 1;
  } finally {
    client?.close();
    await db?.end();
  }
}

/** Runs `listen` or `trigger`: lines on stdout, one error line on stderr and exit code 1 when it fails; Ctrl-C stops it. */
async function runDeveloperCommand(command: DeveloperCommand, parsed: ReturnType<typeof parseArgs>, help: boolean): Promise<number> {
  if (help) {
    console.log(commandHelp(command));
    return 0;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const words = parsed.words.slice(1);
    if (words.length > command.words) throw new UsageError(`unexpected argument '${words[command.words]!}'`);
    const options = readOptions(parsed, command.options);
    await command.run(options, words, (line) => console.log(line), stop.signal, loadDeveloperSettings());
    return 0;
  } catch (err) {
    if (err instanceof UsageError) console.error(`error: ${err.message}\n\n${commandHelp(command)}`);
    else if (err instanceof CommandError) console.error(`error: ${err.message}`);
    else throw err;
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await runCli(process.argv.slice(2));
