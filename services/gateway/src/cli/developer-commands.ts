import { WEBHOOK_EVENT_TYPES } from '@vrp/public-api';
import { UsageError } from './args.js';
import { listen } from './listen.js';
import type { DeveloperSettings } from '../config.js';
import { PublicApi, apiKeyOf } from './public-api-client.js';
import { trigger } from './trigger.js';

type Options = Record<string, string | boolean | undefined>;

/**
 * A merchant developer's command: it works with an API key over the public API (never the
 * database or the services' settings), so it runs anywhere the API can be reached.
 */
export interface DeveloperCommand {
  usage: string;
  summary: string;
  options: Record<string, { value: boolean; required?: boolean; help: string }>;
  /** How many positional words follow the command's name. */
  words: number;
  run(options: Options, words: string[], print: (line: string) => void, signal: AbortSignal, settings: DeveloperSettings): Promise<void>;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

const apiOptions = {
  'api-key': { value: true, help: 'A sandbox API key (vrp_sandbox_…); default: VRP_API_KEY' },
  'api-url': { value: true, help: 'The API address; default: VRP_API_URL, or http://127.0.0.1:$GATEWAY_PORT (8080)' },
};

const apiOf = (o: Options, settings: DeveloperSettings) =>
  new PublicApi(str(o['api-url']) ?? settings.apiUrl, apiKeyOf(o['api-key'], settings.apiKey));

export const DEVELOPER_COMMANDS: Record<string, DeveloperCommand> = {
  listen: {
    usage: 'listen --api-key KEY [--forward-to URL] [--secret whsec_…] [--after ID]',
    summary:
      "Stream the merchant's events as they happen and POST each to a local URL, signed like a real delivery (one line per event with the local answer).",
    options: {
      ...apiOptions,
      'forward-to': {
        value: true,
        help: 'Where to POST each event (e.g. http://127.0.0.1:3000/webhooks); without it events are only printed',
      },
      secret: { value: true, help: 'Sign with this secret instead of a new one (it is printed at start either way)' },
      after: { value: true, help: 'Start after this event position (an id printed by the stream) instead of now' },
    },
    words: 0,
    async run(o, _words, print, signal, settings) {
      const secret = str(o.secret);
      if (secret !== undefined && !secret.startsWith('whsec_')) throw new UsageError('--secret must start with whsec_');
      const forwardTo = str(o['forward-to']);
      if (forwardTo !== undefined && !/^https?:\/\/[^/]/.test(forwardTo))
        throw new UsageError('--forward-to must be an http:// or https:// URL');
      const after = str(o.after);
      if (after !== undefined && !/^\d+$/.test(after)) throw new UsageError('--after must be an event position (a number)');
      await listen(
        apiOf(o, settings),
        {
          ...(forwardTo ? { forwardTo } : {}),
          ...(secret ? { secret } : {}),
          ...(after ? { after } : {}),
          signal,
        },
        print,
      );
    },
  },
  trigger: {
    usage: 'trigger EVENT_TYPE --api-key KEY [--currency CCY]',
    summary: `Make an event happen for real in sandbox, creating what it needs (customer, mandate, payment…). Types: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    options: { ...apiOptions, currency: { value: true, help: 'Currency of the mandate and payment it creates (default GBP)' } },
    words: 1,
    async run(o, words, print, _signal, settings) {
      const eventType = words[0];
      if (!eventType) throw new UsageError(`name the event type to trigger: one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(eventType)) {
        throw new UsageError(`unknown event type '${eventType}': one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
      }
      const done = await trigger(apiOf(o, settings), eventType, (line) => print(`  ${line}`), str(o.currency) ?? 'GBP');
      print(`Triggered ${done.eventType} (${done.object} ${done.id})`);
    },
  },
};
