import { useState, type FormEvent } from 'react';
import { consoleApi, type Role } from '../api/console-api.js';
import { ActionButton, ErrorAlert, PageHeader, ShownOnce, Time } from '../components/ui.js';
import { absoluteUrl } from '../format/paths.js';
import { useGuard, useRole, useSession } from '../session.js';
import { useLoad } from '../use-load.js';

const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner: everything, including the team and the audit log',
  developer: 'Developer: API tokens, webhook endpoints and events',
  viewer: 'Viewer: read only',
};

/** Who can sign in for this merchant with which role; owners invite, change roles, revoke invitations and remove people. */
export function TeamPage() {
  const { session } = useSession();
  const { canManage } = useRole();
  const guard = useGuard();
  const team = useLoad(() => consoleApi.team(), 'team');
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setError(undefined);
    guard(() => consoleApi.invite(session.csrf_token, String(data.get('email')), String(data.get('role')) as Role)).then((i) => {
      setLink(absoluteUrl(i.invite_url, window.location.origin));
      form.reset();
      team.reload();
    }, setError);
  };
  return (
    <>
      <PageHeader title="Team" />
      {canManage ? (
        <form className="inline-form" onSubmit={submit}>
          <label>
            <span className="field-label">Teammate’s email</span>
            <input name="email" type="email" required />
          </label>
          <label>
            <span className="field-label">Role</span>
            <select name="role" defaultValue="viewer">
              {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-primary">
            Invite
          </button>
        </form>
      ) : null}
      <ErrorAlert error={error} />
      {link ? (
        <ShownOnce
          label="Invitation link"
          value={link}
          note="Send this link to your teammate. They also need the code we emailed to them. It works once, for 7 days."
        />
      ) : null}
      <ErrorAlert error={team.error} />
      <h2>Members</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Joined</th>
            {canManage ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {team.data?.results.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>{u.role}</td>
              <td>{u.two_factor ? 'On' : 'Off'}</td>
              <td>
                <Time iso={u.created_at} />
              </td>
              {canManage ? (
                <td>
                  {u.id === session.user.id ? (
                    <span className="muted">You</span>
                  ) : (
                    <span aria-label={`Actions for ${u.email}`} role="group">
                      <ActionButton
                        label={u.role === 'owner' ? 'Make developer' : 'Make owner'}
                        run={() => consoleApi.changeRole(session.csrf_token, u.id, u.role === 'owner' ? 'developer' : 'owner')}
                        done={team.reload}
                      />{' '}
                      <ActionButton
                        label="Remove"
                        kind="danger"
                        run={() => consoleApi.removeUser(session.csrf_token, u.id)}
                        done={team.reload}
                      />
                    </span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Pending invitations</h2>
      {team.data && team.data.invitations.length === 0 ? <p className="muted">None.</p> : null}
      <ul className="stack">
        {team.data?.invitations.map((i) => (
          <li key={i.id}>
            {i.email} as {i.role}, expires <Time iso={i.expires_at} />{' '}
            {canManage ? (
              <ActionButton
                label="Revoke invitation"
                kind="danger"
                run={() => consoleApi.revokeInvitation(session.csrf_token, i.id)}
                done={team.reload}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
