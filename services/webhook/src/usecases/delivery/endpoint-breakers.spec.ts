import { waitFor } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { EndpointBreakers } from './endpoint-breakers.js';
import type { PostResult } from '../../clients/receiver/http-post.js';

const fail = (): Promise<PostResult> =>
  Promise.resolve({ success: false, receiverFault: true, statusCode: 503, latencyMs: 1, error: 'HTTP 503', responseExcerpt: '' });
const ok = (): Promise<PostResult> =>
  Promise.resolve({ success: true, receiverFault: false, statusCode: 200, latencyMs: 1, error: '', responseExcerpt: '' });

describe('EndpointBreakers.blocked', () => {
  it('lets calls through while closed, and postpones by at least the reset period while open or during a trial', async () => {
    const breakers = new EndpointBreakers({ resetTimeoutMs: 50, volumeThreshold: 2 });
    try {
      expect(breakers.blocked('ep')).toBeNull();
      await breakers.run('ep', fail);
      await breakers.run('ep', fail);
      expect(breakers.state('ep')).toBe('open');
      expect(breakers.blocked('ep')?.retryInMs).toBeGreaterThanOrEqual(50);
      expect(breakers.blocked('other')).toBeNull();

      await waitFor(() => breakers.state('ep') === 'half_open', { what: 'the circuit to half-open' });
      expect(breakers.blocked('ep')).toBeNull(); // the next call is the trial
      let finish!: () => void;
      const trial = breakers.run('ep', () => new Promise<PostResult>((r) => (finish = () => void ok().then(r))));
      expect(breakers.blocked('ep')?.retryInMs).toBeGreaterThanOrEqual(50); // trial in flight
      finish();
      await trial;
      expect(breakers.blocked('ep')).toBeNull();
    } finally {
      breakers.shutdown();
    }
  });
});
