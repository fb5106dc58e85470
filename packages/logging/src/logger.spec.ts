import { describe, expect, it } from 'vitest';
import { createLogger, withRequestContext } from './index.js';

describe('createLogger', () => {
  it('writes JSON lines with the request id of the current context', () => {
    const lines: string[] = [];
    const log = createLogger('payment', { write: (l) => lines.push(l), level: 'info' });
    log.debug('hidden');
    withRequestContext({ requestId: 'req_1' }, () => log.child({ component: 'relay' }).info('published', { count: 2n }));
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({
      level: 'info',
      service: 'payment',
      msg: 'published',
      request_id: 'req_1',
      component: 'relay',
      count: '2',
    });
  });

  it('serialises errors with their stack', () => {
    const lines: string[] = [];
    createLogger('x', { write: (l) => lines.push(l) }).error('boom', { err: new Error('bad') });
    expect(JSON.parse(lines[0]!).err.message).toBe('bad');
  });
});
