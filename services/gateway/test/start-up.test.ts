import { checkStartUpRelease } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { startGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

describe('start-up', () => {
  it('holds nothing after a failed start, and releases its server, clients and connections on stop', async () => {
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['gateway'],
      portSetting: 'GATEWAY_PORT',
      holdsWhileRunning: (now, before) => (now.handles.TCPServerWrap ?? 0) > (before.handles.TCPServerWrap ?? 0),
      start: (env) => startGateway(loadGatewayConfig(env)),
    });
    // Its clients and database connect on first use, so before its listener it holds nothing a
    // failed start could leak; stop() is what this checks: while running it holds its server.
    expect(whileRunning.handles.TCPServerWrap ?? 0).toBeGreaterThan(before.handles.TCPServerWrap ?? 0);
  });
});
