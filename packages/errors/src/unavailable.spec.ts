import { describe, expect, it } from 'vitest';
import { isUnavailableDependency, unexpectedError } from './index.js';

describe('errors of a dependency that went away', () => {
  it('are recognised by SQLSTATE, Prisma code or driver message, through causes', () => {
    expect(isUnavailableDependency({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
    expect(isUnavailableDependency({ code: 'P1017' })).toBe(true);
    expect(
      isUnavailableDependency({
        name: 'PrismaClientKnownRequestError',
        meta: { driverAdapterError: { cause: { originalCode: '57P01' } } },
      }),
    ).toBe(true);
    expect(isUnavailableDependency(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isUnavailableDependency({ code: '08006' })).toBe(true);
    expect(isUnavailableDependency({ name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } })).toBe(true);
    expect(isUnavailableDependency({ meta: { driverAdapterError: { cause: { kind: 'SocketTimeout' } } } })).toBe(true);
  });

  it('leave bugs and constraint violations alone', () => {
    expect(isUnavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailableDependency({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isUnavailableDependency(undefined)).toBe(false);
  });

  it('become 503 service_unavailable, anything else 500 internal_error', () => {
    expect(unexpectedError({ code: '57P01' }).code).toBe('service_unavailable');
    expect(unexpectedError(new Error('boom')).code).toBe('internal_error');
  });
});
