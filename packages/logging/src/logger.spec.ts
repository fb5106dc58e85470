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

  it('does not even read the fields of a line below its level', () => {
    const lines: string[] = [];
    const log = createLogger('gateway', { write: (l) => lines.push(l), level: 'warn' }).child({ component: 'access' });
    let reads = 0;
    const fields = {
      get route() {
        reads += 1;
        return '/v1/payments';
      },
    };
    log.info('request', fields);
    log.debug('request', fields);
    expect([lines.length, reads]).toEqual([0, 0]);
    log.warn('slow request', fields);
    expect([lines.length, reads, JSON.parse(lines[0]!).route]).toEqual([1, 1, '/v1/payments']);
  });

  it('serialises errors with their stack', () => {
    const lines: string[] = [];
    createLogger('x', { write: (l) => lines.push(l) }).error('boom', { err: new Error('bad') });
    expect(JSON.parse(lines[0]!).err.message).toBe('bad');
  });
});

describe('redaction', () => {
  it('never writes an Authorization header, a password, a token or a signing secret', () => {
    const lines: string[] = [];
    const log = createLogger('gateway', { write: (l) => lines.push(l) });
    const token = 'vrp_sandbox_Xr_7MbEmMMm2A3GqzZB3XHlG8hvc2QQB7PtKm_pUK6g';
    const secret = 'whsec_A3VDEvPP0s0CPls5tlKz11CTqlN98xD-rM1JyWLfPyM';
    log.info('request', {
      headers: { authorization: `Bearer ${token}`, cookie: 'vrp_console_session=abc', 'x-request-id': 'req_9' },
      body: { email: 'a@b.example', password: 'correct horse battery', nested: { token, secret } },
      access_token: token,
    });
    log.warn('delivery failed', { err: new Error(`endpoint refused ${secret} and ${token}`) });
    log.child({ password: 'child binding' }).error('x');
    const written = lines.join('\n');
    for (const leaked of [token, secret, 'correct horse battery', 'vrp_console_session=abc', 'child binding'])
      expect(written).not.toContain(leaked);
    const first = JSON.parse(lines[0]!);
    expect(first.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-request-id': 'req_9' });
    expect(first.body).toEqual({ email: 'a@b.example', password: '[redacted]', nested: { token: '[redacted]', secret: '[redacted]' } });
    expect(JSON.parse(lines[1]!).err.message).toBe('endpoint refused whsec_[redacted] and vrp_sandbox_[redacted]');
  });
});
