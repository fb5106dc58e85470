import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one request carries. */
export interface RequestContext {
  requestId: string;
  merchantId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `ctx` as the current request context (logs and outgoing calls pick it up). */
export function withRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The current request context, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
