import { describe, expect, it } from 'vitest';
import { allows, isRole, permissionForApi } from './roles.js';

describe('console roles', () => {
  it('grants owners everything, developers integration, viewers reading', () => {
    expect(['read', 'integrate', 'manage'].map((p) => allows('owner', p as never))).toEqual([true, true, true]);
    expect(['read', 'integrate', 'manage'].map((p) => allows('developer', p as never))).toEqual([true, true, false]);
    expect(['read', 'integrate', 'manage'].map((p) => allows('viewer', p as never))).toEqual([true, false, false]);
  });

  it('reads /v1 with any role; endpoints, events and the sandbox are integration; the rest is an owner’s', () => {
    expect(permissionForApi('GET', '/v1/payments')).toBe('read');
    expect(permissionForApi('POST', '/v1/webhook-endpoints')).toBe('integrate');
    expect(permissionForApi('DELETE', '/v1/webhook-endpoints/WE1')).toBe('integrate');
    expect(permissionForApi('POST', '/v1/webhook-events/EV1/retry')).toBe('integrate');
    expect(permissionForApi('POST', '/v1/sandbox/customers')).toBe('integrate');
    expect(permissionForApi('POST', '/v1/payments')).toBe('manage');
    expect(permissionForApi('POST', '/v1/webhook-endpointsX')).toBe('manage');
    expect(permissionForApi('PATCH', '/v1/customers/CU1')).toBe('manage');
  });

  it('knows its roles', () => {
    expect(isRole('viewer')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
