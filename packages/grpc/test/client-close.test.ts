import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { createServiceClient, startGrpcServer } from '../src/index.js';

describe('closing a client while its peer shuts down', () => {
  it('does not crash the process when the peer’s GOAWAY and the close cross', async () => {
    const server = await startGrpcServer({
      port: 0,
      serviceNames: [mandate.MandateService.typeName],
      logger: createLogger('test', { level: 'silent' }),
      routes: (router) =>
        router.service(mandate.MandateService, {
          getMandate: () => {
            throw new ApiError('not_found', 'No such mandate');
          },
        }),
    });
    const client = createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${server.port}` });
    await expect(client.getMandate({ merchantId: 'MR1', id: 'MD1' })).rejects.toMatchObject({ code: 'not_found' });
    const [session] = client.sessions();
    expect(session).toBeDefined();
    // The session manager reacts to the peer's GOAWAY first (it destroys the session, whose error
    // is emitted on the next tick); this listener then closes the client in between: the race of
    // a whole platform stopping at once, which used to end in an unhandled 'error' event.
    const closed = new Promise<void>((resolve) => session!.once('close', () => resolve()));
    session!.once('goaway', () => client.close());
    await server.close();
    await closed;
    // Still here: the error was handled. The next tick would have thrown otherwise.
    await new Promise((r) => setImmediate(r));
  });
});
