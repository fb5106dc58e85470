import type { RequestHandler, Router } from 'express';
import { validationError } from '@vrp/errors';
import type { Deps } from '../deps.js';
import { isRole, ROLES, type Permission } from '../domain/roles.js';
import { changeRole, inviteTeammate, removeTeammate, revokeInvitation } from '../usecases/console-team.js';
import { actingOf, field, sessionOf, type Body } from './console-request.js';
import { presentInvitation, presentUser } from './presenters.js';

const roleOf = (body: Body) => {
  const role = field(body, 'role', 20);
  if (!isRole(role)) throw validationError('role', `must be one of ${ROLES.join(', ')}`);
  return role;
};

/** The team: everyone reads who is in it; owners invite (with a role), revoke invitations, change roles and remove people. */
export function registerTeamRoutes(router: Router, deps: Deps, may: (p: Permission) => RequestHandler): void {
  const accounts = deps.consoleAccounts;
  const ctx = { accounts, audit: deps.audit };

  router.get('/users', may('read'), async (_req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const [users, invitations] = await Promise.all([accounts.listUsers(merchantId), accounts.listOpenInvitations(merchantId, new Date())]);
    res.json({ results: users.map(presentUser), invitations: invitations.map(presentInvitation) });
  });

  router.post('/invitations', may('manage'), async (req, res) => {
    const session = sessionOf(res);
    const body = req.body as Body;
    const email = field(body, 'email', 254);
    const { invitation, inviteUrl } = await inviteTeammate(
      { accounts, mailbox: deps.mailbox, audit: deps.audit, publicBaseUrl: deps.config.publicBaseUrl },
      {
        merchantId: session.merchant.id,
        merchantName: session.merchant.name,
        invitedBy: session.user.id,
        email,
        // Least privilege unless the owner chooses: a viewer.
        role: body.role === undefined ? 'viewer' : roleOf(body),
        now: new Date(),
      },
      actingOf(req, res),
    );
    res.status(201).json({ ...presentInvitation(invitation), invite_url: inviteUrl });
  });

  router.delete('/invitations/:id', may('manage'), async (req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const revoked = await revokeInvitation(ctx, { merchantId, id: req.params.id as string, now: new Date() }, actingOf(req, res));
    res.json({ ...presentInvitation(revoked), revoked: true });
  });

  router.patch('/users/:id', may('manage'), async (req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const user = await changeRole(ctx, { merchantId, userId: req.params.id as string, role: roleOf(req.body as Body) }, actingOf(req, res));
    res.json(presentUser(user));
  });

  router.delete('/users/:id', may('manage'), async (req, res) => {
    const merchantId = sessionOf(res).merchant.id;
    const removed = await removeTeammate(ctx, { merchantId, userId: req.params.id as string }, actingOf(req, res));
    res.json({ ...presentUser(removed), removed: true });
  });
}
