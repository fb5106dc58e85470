import { int, loadConfig } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { runService } from './run-service.js';

describe('runService', () => {
  it('refuses to start on bad settings with one clear line per problem and exit code 1', async () => {
    const errors: string[] = [];
    const codes: number[] = [];
    let started = false;
    await runService({
      name: 'demo',
      loadConfig: () => ({ ...loadConfig({ port: int('GRPC_PORT', { max: 65535 }) }, { GRPC_PORT: 'abc' }), logLevel: 'silent' as const }),
      start: async () => {
        started = true;
        return { stop: async () => undefined };
      },
      writeError: (t) => errors.push(t),
      exit: (c) => void codes.push(c),
    });
    expect(started).toBe(false);
    expect(codes).toEqual([1]);
    expect(errors[0]).toBe("demo: Invalid configuration:\n  - GRPC_PORT must be a whole number, got 'abc'");
  });

  it('exits 1 when start fails', async () => {
    const codes: number[] = [];
    await runService({
      name: 'demo',
      loadConfig: () => ({ logLevel: 'silent' as const }),
      start: async () => {
        throw new Error('port in use');
      },
      exit: (c) => void codes.push(c),
    });
    expect(codes).toEqual([1]);
  });
});
