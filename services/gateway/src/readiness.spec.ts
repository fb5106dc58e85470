import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { Readiness, type Probe } from './readiness.js';

/** A probe that counts its runs and fails while `down` holds an error text. */
function counted(name: string, own: boolean) {
  const state = { runs: 0, down: undefined as string | undefined };
  const probe: Probe = {
    name,
    own,
    async run() {
      state.runs += 1;
      await new Promise((r) => setTimeout(r, 20));
      if (state.down) throw new Error(state.down);
    },
  };
  return { probe, state };
}

describe('Readiness', () => {
  it('runs one round of probes for every check within a second, concurrent ones included', async () => {
    let now = 0;
    const db = counted('postgres', true);
    const payment = counted('payment', false);
    const readiness = new Readiness([db.probe, payment.probe], { now: () => now });
    const reports = await Promise.all(Array.from({ length: 50 }, () => readiness.check()));
    expect(reports.every((r) => r.status === 'ready')).toBe(true);
    expect([db.state.runs, payment.state.runs]).toEqual([1, 1]);
    now = 999;
    await readiness.check();
    expect(db.state.runs).toBe(1);
    now = 1000;
    await readiness.check();
    expect(db.state.runs).toBe(2);
  });

  it('is not ready when an own dependency is down, only degraded when a downstream one is, and logs each change once', async () => {
    let now = 0;
    const lines: string[] = [];
    const db = counted('postgres', true);
    const payment = counted('payment', false);
    const readiness = new Readiness([db.probe, payment.probe], {
      now: () => now,
      logger: createLogger('gateway', { write: (l) => lines.push(l) }),
    });
    payment.state.down = 'connect ECONNREFUSED 127.0.0.1:9';
    expect(await readiness.check()).toMatchObject({ status: 'ready', degraded: ['payment'] });
    db.state.down = 'password authentication failed for user "gateway"';
    now += 1000;
    expect(await readiness.check()).toMatchObject({ status: 'not_ready', checks: { postgres: { status: 'down' } } });
    now += 1000;
    await readiness.check();
    db.state.down = undefined;
    now += 1000;
    expect((await readiness.check()).status).toBe('ready');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).map((l) => [l.msg, l.dependency, l.error]);
    expect(logged).toEqual([
      ['readiness: a dependency is down', 'payment', 'connect ECONNREFUSED 127.0.0.1:9'],
      ['readiness: a dependency is down', 'postgres', 'password authentication failed for user "gateway"'],
      ['readiness: a dependency is back', 'postgres', undefined],
    ]);
  });

  it('stays not ready once marked misconfigured', async () => {
    const readiness = new Readiness([counted('postgres', true).probe], { cacheMs: 0 });
    expect((await readiness.check()).status).toBe('ready');
    readiness.markMisconfigured('TRUST_PROXY is not set');
    expect(await readiness.check()).toMatchObject({ status: 'not_ready', checks: { configuration: { status: 'down' } } });
    expect((await readiness.check()).status).toBe('not_ready');
  });
});
