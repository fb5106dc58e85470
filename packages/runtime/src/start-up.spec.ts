import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { startUp } from './start-up.js';

const logger = createLogger('test', { level: 'silent' });

describe('startUp', () => {
  it('closes what was started, last first, when a later step fails, and rethrows', async () => {
    const closed: string[] = [];
    const failure = new Error('port in use');
    await expect(
      startUp('svc', logger, async (r) => {
        r.add('db', 'pool', () => closed.push('db'));
        r.add('bus', 'nats', async () => {
          closed.push('bus');
        });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(closed).toEqual(['bus', 'db']);
  });

  it('stops in reverse start order, once, and goes on past a close that fails', async () => {
    const closed: string[] = [];
    const svc = await startUp('svc', logger, async (r) => {
      r.add('db', 1, () => closed.push('db'));
      r.add('relay', 2, () => {
        throw new Error('flush failed');
      });
      r.add('server', 3, () => closed.push('server'));
      return { port: 1234 };
    });
    expect(svc.port).toBe(1234);
    await Promise.all([svc.stop(), svc.stop()]);
    await svc.stop();
    expect(closed).toEqual(['server', 'db']);
  });
});
