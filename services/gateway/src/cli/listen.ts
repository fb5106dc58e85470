import { randomBytes } from 'node:crypto';
import { signatureHeader } from '@vrp/webhook-verify';
import { answerBody, CommandError, describeAnswer, networkProblem, type PublicApi } from './public-api-client.js';
import { readSse } from './sse.js';

export interface ListenOptions {
  /** Where each event is POSTed; without it events are only printed. */
  forwardTo?: string;
  /** The signing secret (default: a new whsec_ secret, printed at start). */
  secret?: string;
  /** Resume after this event position (the `id` of the last event seen). */
  after?: string;
  /** Wait between reconnections after the stream ended. */
  reconnectMs?: number;
  /** Stops listening (Ctrl-C). */
  signal?: AbortSignal;
}

type Print = (line: string) => void;

/** A new signing secret shaped like an endpoint's. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * POSTs one event body to `url` exactly as a webhook delivery: the same body bytes and the same
 * headers (X-SVC-Signature over `t.body` with `secret`, X-SVC-Event-Id, -Event-Type,
 * -Delivery-Attempt, and X-SVC-Sandbox in sandbox), so the receiver's real verification code
 * accepts it. Answers the receiver's status, or why there was none.
 */
export async function forwardEvent(
  url: string,
  body: string,
  event: { id: string; type: string },
  secret: string,
  sandbox: boolean,
): Promise<{ status?: number; problem?: string; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'vrp-cli listen',
    'x-svc-signature': signatureHeader({ secrets: [secret], timestamp: Math.floor(Date.now() / 1000), body }),
    'x-svc-event-id': event.id,
    'x-svc-event-type': event.type,
    'x-svc-delivery-attempt': '1',
  };
  if (sandbox) headers['x-svc-sandbox'] = 'true';
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { problem: networkProblem(err), ms: Math.round(performance.now() - started) };
  }
}

/**
 * Streams the merchant's events (GET /v1/webhook-events/stream) and, with `forwardTo`, POSTs each
 * to it signed like a real delivery, one at a time in stream order; prints a line per event with
 * the local answer. When the stream ends (the API restarted, a network hiccup) it reconnects with
 * Last-Event-ID, so no event is missed or forwarded twice; a refused key ends it with an error.
 */
export async function listen(api: PublicApi, options: ListenOptions, print: Print): Promise<void> {
  const secret = options.secret ?? newSigningSecret();
  const sandbox = api.apiKey.startsWith('vrp_sandbox_');
  let lastId = options.after;
  let announced = false;
  while (!options.signal?.aborted) {
    let res: Response;
    try {
      res = await fetch(`${api.baseUrl}/v1/webhook-events/stream`, {
        headers: api.headers({ accept: 'text/event-stream', ...(lastId !== undefined ? { 'last-event-id': lastId } : {}) }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (err) {
      if (options.signal?.aborted) return;
      if (!announced) throw new CommandError(`cannot reach the API at ${api.baseUrl} (${networkProblem(err)})`);
      print(`stream interrupted (${networkProblem(err)}); reconnecting`);
      await new Promise((r) => setTimeout(r, options.reconnectMs ?? 1000));
      continue;
    }
    if (res.status !== 200) {
      const line = describeAnswer({ status: res.status, body: answerBody(await res.text()) });
      if (res.status === 401) throw new CommandError(`the API key was refused (${line})`);
      throw new CommandError(`GET /v1/webhook-events/stream answered ${line}`);
    }
    if (!announced) {
      announced = true;
      print(`Ready: streaming events from ${api.baseUrl}${options.forwardTo ? ` and forwarding them to ${options.forwardTo}` : ''}.`);
      print(`Webhook signing secret: ${secret}`);
    }
    try {
      for await (const item of readSse(res.body!)) {
        if (item.kind !== 'event') continue;
        const parsed = JSON.parse(item.data) as { event_id: string; event_type: string; created_at: string };
        const what = `${parsed.created_at}  ${parsed.event_type.padEnd(17)} ${parsed.event_id}`;
        if (options.forwardTo) {
          const answer = await forwardEvent(
            options.forwardTo,
            item.data,
            { id: parsed.event_id, type: parsed.event_type },
            secret,
            sandbox,
          );
          print(
            `${what}  --> POST ${options.forwardTo} ${answer.status !== undefined ? `[${answer.status}]` : `failed: ${answer.problem}`} (${answer.ms} ms)`,
          );
        } else {
          print(what);
        }
        lastId = item.id ?? lastId;
      }
    } catch (err) {
      if (options.signal?.aborted) return;
      print(`stream interrupted (${networkProblem(err)}); reconnecting`);
    }
    if (options.signal?.aborted) return;
    await new Promise((r) => setTimeout(r, options.reconnectMs ?? 1000));
  }
}
