/**
 * What each console role may do. Owners do everything, the team and the audit log included;
 * developers integrate (API tokens, webhook endpoints, events, the sandbox's simulators) and read
 * the rest; viewers only read. Bearer tokens are not users: they keep the whole API.
 */
export const ROLES = ['owner', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** What a console route needs: `read` any signed-in user, `integrate` developers and owners, `manage` owners. */
export type Permission = 'read' | 'integrate' | 'manage';

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: ['read', 'integrate', 'manage'],
  developer: ['read', 'integrate'],
  viewer: ['read'],
};

export const allows = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/** /v1 paths whose changes are integration work (developers may make them); every other change is an owner's. */
const INTEGRATION_PATHS = [/^\/v1\/webhook-endpoints(\/|$)/, /^\/v1\/webhook-events(\/|$)/, /^\/v1\/sandbox\//];

/** The permission a /v1 request made with a console session needs. */
export function permissionForApi(method: string, path: string): Permission {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'read';
  return INTEGRATION_PATHS.some((p) => p.test(path)) ? 'integrate' : 'manage';
}
