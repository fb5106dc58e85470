import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { consoleApi } from '../api/console-api.js';
import { ErrorAlert } from '../components/ui.js';
import { useSessionState } from '../session.js';

/**
 * Opened from an invitation link (/console/accept-invite#token=…): the code emailed to the invited
 * address proves it is theirs; then choose a password and join.
 */
export function AcceptInvitePage() {
  const { begin } = useSessionState();
  const navigate = useNavigate();
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [error, setError] = useState<unknown>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    consoleApi.acceptInvitation(token, String(data.get('code')), String(data.get('password'))).then((session) => {
      begin(session);
      navigate('/', { replace: true });
    }, setError);
  };
  return (
    <main className="auth" id="content">
      <div className="auth-card">
        <h1>Join your team</h1>
        {token ? null : <p role="alert">This invitation link is incomplete. Ask for a new one.</p>}
        <form onSubmit={submit} className="stack">
          <label>
            <span className="field-label">Code from the email</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required aria-describedby="code-hint" />
          </label>
          <p id="code-hint" className="muted hint">
            We sent an 8-digit code to the invited address.
          </p>
          <label>
            <span className="field-label">Password</span>
            <input name="password" type="password" autoComplete="new-password" minLength={12} required aria-describedby="password-hint" />
          </label>
          <p id="password-hint" className="muted hint">
            At least 12 characters.
          </p>
          <ErrorAlert error={error} />
          <button type="submit" className="btn btn-primary" disabled={!token}>
            Create account
          </button>
        </form>
      </div>
    </main>
  );
}
