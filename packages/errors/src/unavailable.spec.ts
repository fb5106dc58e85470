import { describe, expect, it } from 'vitest';
import { ApiError, dependencyOrigin, isUnavailableDependency, markDependencyError, originalFault, unexpectedError } from './index.js';

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

describe('errors classified by origin', () => {
  it('anything the database client raised is the dependency failing, but the statement faults of classes 22, 23 and 42', () => {
    const mark = (e: object) => markDependencyError(e, 'postgres');
    // Deadlocks, cancelled statements, aborted transactions, protocol errors, a socket's EPIPE:
    // none of them a bug in the request, none of them named by SQLSTATE or text before.
    for (const err of [
      { code: '40P01', message: 'deadlock detected' },
      { code: '57014', message: 'canceling statement due to statement timeout' },
      { code: '25P02', message: 'current transaction is aborted' },
      new Error('received invalid response: 58'),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
    ]) {
      expect(isUnavailableDependency(err), JSON.stringify(err)).toBe(false);
      expect(isUnavailableDependency(mark(err)), JSON.stringify(err)).toBe(true);
      expect(unexpectedError(new Error('wrapped', { cause: err })).code).toBe('service_unavailable');
    }
    for (const code of ['22012', '22P02', '23505', '23514', '42P01', '42703']) {
      expect(isUnavailableDependency(mark({ code, message: 'connection error in the text changes nothing' })), code).toBe(false);
    }
    expect(dependencyOrigin(new Error('wrapped', { cause: mark(new Error('x')) }))).toBe('postgres');
    expect(dependencyOrigin(new Error('x'))).toBeUndefined();
  });

  it('the driver adapter’s original code and network system calls are classified the same way', () => {
    expect(isUnavailableDependency({ meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '40001' } } } })).toBe(true);
    expect(isUnavailableDependency({ meta: { driverAdapterError: { cause: { originalCode: '23505' } } } })).toBe(false);
    expect(isUnavailableDependency(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' }))).toBe(true);
    expect(isUnavailableDependency(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });

  it('a catch path that fails keeps the original fault', () => {
    const verdict = new ApiError('refund_exceeds_payment', 'too much');
    const lost = markDependencyError(new Error('Connection terminated unexpectedly'), 'postgres');
    const race = { code: '23505', message: 'duplicate key' };
    expect(originalFault(verdict, lost)).toBe(verdict);
    expect(originalFault(lost, new TypeError('x'))).toBe(lost);
    // A lost race the catch path was there to settle: its own dependency failure says more.
    expect(originalFault(race, lost)).toBe(lost);
    expect(originalFault(race, new TypeError('x'))).toBe(race);
    // What the catch path found out on purpose (the race was lost to a released refund) is its answer.
    const found = new ApiError('invalid_state_transition', 'released');
    expect(originalFault(race, found)).toBe(found);
  });
});
