import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { ErrorAlert, PageHeader, ShownOnce, Time } from '../components/ui.js';
import { absoluteUrl } from '../format/paths.js';
import { useGuard, useSession } from '../session.js';
import { useLoad } from '../use-load.js';

/** Who can sign in for this merchant, and invitations for teammates. */
export function TeamPage() {
  const { session } = useSession();
  const guard = useGuard();
  const team = useLoad(() => consoleApi.team(), 'team');
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setError(undefined);
    guard(() => consoleApi.invite(session.csrf_token, String(new FormData(form).get('email')))).then((i) => {
      setLink(absoluteUrl(i.invite_url, window.location.origin));
      form.reset();
      team.reload();
    }, setError);
  };
  return (
    <>
      <PageHeader title="Team" />
      <form className="inline-form" onSubmit={submit}>
        <label>
          <span className="field-label">Teammate’s email</span>
          <input name="email" type="email" required />
        </label>
        <button type="submit" className="btn btn-primary">
          Invite
        </button>
      </form>
      <ErrorAlert error={error} />
      {link ? <ShownOnce label="Invitation link" value={link} note="Send this link to your teammate. It works once, for 7 days." /> : null}
      <ErrorAlert error={team.error} />
      <h2>Members</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Joined</th>
          </tr>
        </thead>
        <tbody>
          {team.data?.results.map((u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>
                <Time iso={u.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Pending invitations</h2>
      {team.data && team.data.invitations.length === 0 ? <p className="muted">None.</p> : null}
      <ul>
        {team.data?.invitations.map((i) => (
          <li key={i.id}>
            {i.email}, expires <Time iso={i.expires_at} />
          </li>
        ))}
      </ul>
    </>
  );
}
