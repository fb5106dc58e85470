import { ConfigError } from '@vrp/config';
import { mandate } from '@vrp/contracts';
import { isApiError } from '@vrp/errors';
import { createServiceClient } from '@vrp/grpc';
import { loadGatewayConfig } from '../config.js';
import { ConsoleAccounts } from '../db/console-accounts.js';
import { MerchantRepository } from '../db/merchants.js';
import { createDb } from '../db/client.js';
import { UsageError, parseArgs, readOptions } from './args.js';
import { COMMANDS, type CliContext, type Command } from './commands.js';

function rootHelp(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(58)} ${c.summary}`);
  return [
    'Usage: vrp <command> [options]   (every command takes --help)',
    '',
    'Commands:',
    ...lines,
    '',
    'Settings come from the environment, as for the gateway (VRP_ENV, DATABASE_URL, MANDATE_SERVICE_URL).',
  ].join('\n');
}

function commandHelp(c: Command): string {
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
  let db: ReturnType<typeof createDb> | undefined;
  let client: ReturnType<CliContext['mandateClient']> | undefined;
  try {
    const options = readOptions(parsed, command.options);
    const config = loadGatewayConfig();
    db = createDb(config.databaseUrl);
    const ctx: CliContext = {
      config,
      merchants: new MerchantRepository(db),
      consoleAccounts: new ConsoleAccounts(db),
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
    await db?.$disconnect();
  }
}

process.exitCode = await runCli(process.argv.slice(2));
