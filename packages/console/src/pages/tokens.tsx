import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { ActionButton, ErrorAlert, PageHeader, ShownOnce, StatusPill, Time } from '../components/ui.js';
import { useGuard, useRole, useSession } from '../session.js';
import { useLoad } from '../use-load.js';

/** API tokens: create (shown once), list with last use, revoke. */
export function TokensPage() {
  const { session } = useSession();
  const { canIntegrate } = useRole();
  const guard = useGuard();
  const tokens = useLoad(() => consoleApi.tokens(), 'tokens');
  const [created, setCreated] = useState<string>();
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name'));
    setError(undefined);
    guard(() => consoleApi.createToken(session.csrf_token, name)).then((t) => {
      setCreated(t.access_token);
      form.reset();
      tokens.reload();
    }, setError);
  };
  return (
    <>
      <PageHeader title="API tokens" />
      <p className="muted">
        Tokens authenticate your servers to the {session.environment} API (<code>Authorization: Bearer …</code>). Revoked tokens are refused
        everywhere within a second.
      </p>
      {canIntegrate ? (
        <form className="inline-form" onSubmit={submit}>
          <label>
            <span className="field-label">Name</span>
            <input name="name" required maxLength={100} placeholder="e.g. Billing server" />
          </label>
          <button type="submit" className="btn btn-primary">
            Create token
          </button>
        </form>
      ) : null}
      <ErrorAlert error={error} />
      {created ? <ShownOnce label="New token" value={created} note="Copy it now: it will not be shown again." /> : null}
      <ErrorAlert error={tokens.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.data?.results.map((t) => (
            <tr key={t.id}>
              <td>{t.name || <span className="muted">(unnamed)</span>}</td>
              <td className="mono">{t.id}</td>
              <td>
                <Time iso={t.created_at} />
              </td>
              <td>{t.last_used_at ? <Time iso={t.last_used_at} /> : 'Never'}</td>
              <td>{t.revoked_at ? <StatusPill status="revoked" /> : <StatusPill status="live" />}</td>
              <td>
                {t.revoked_at || !canIntegrate ? null : (
                  <ActionButton
                    label="Revoke"
                    kind="danger"
                    run={() => consoleApi.revokeToken(session.csrf_token, t.id)}
                    done={tokens.reload}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
