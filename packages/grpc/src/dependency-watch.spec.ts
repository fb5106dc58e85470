import { health } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { DependencyWatch } from './dependency-watch.js';
import { HealthState, LIVENESS_SERVICE } from './health.js';

const { SERVING, NOT_SERVING } = health.HealthCheckResponse_ServingStatus;
const quiet = createLogger('test', { level: 'silent' });

describe('DependencyWatch', () => {
  it('serves only while every dependency answers in time, for every service name', async () => {
    const state = new HealthState(['vrp.test.v1.TestService']);
    let postgresUp = true;
    const watch = new DependencyWatch(
      state,
      {
        postgres: () => (postgresUp ? Promise.resolve() : Promise.reject(new Error('refused'))),
        nats: () => Promise.resolve(),
      },
      quiet,
      { intervalMs: 60_000, timeoutMs: 50 },
    );
    expect(await watch.round()).toEqual([]);
    expect(state.get('')).toBe(SERVING);
    postgresUp = false;
    expect(await watch.round()).toEqual(['postgres']);
    expect(state.get('')).toBe(NOT_SERVING);
    expect(state.get('vrp.test.v1.TestService')).toBe(NOT_SERVING);
    // Liveness answers for the process alone: a dependency outage never restarts it.
    expect(state.get(LIVENESS_SERVICE)).toBe(SERVING);
    postgresUp = true;
    await watch.round();
    expect(state.get('vrp.test.v1.TestService')).toBe(SERVING);
    watch.stop();
  });

  it('counts a dependency that hangs as down, and never revives a server that is shutting down', async () => {
    const state = new HealthState([]);
    const watch = new DependencyWatch(state, { nats: () => new Promise(() => undefined) }, quiet, { intervalMs: 60_000, timeoutMs: 20 });
    expect(await watch.round()).toEqual(['nats']);
    state.shutdown();
    state.setAll(true);
    expect(state.get('')).toBe(NOT_SERVING);
    expect(state.get(LIVENESS_SERVICE)).toBe(NOT_SERVING);
    watch.stop();
  });
});
