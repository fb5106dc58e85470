import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { ErrorAlert, Notice } from '../components/ui.js';
import { useSessionState } from '../session.js';

/** Email and password; the gateway limits attempts per account and per address. */
export function SignInPage({ reason }: { reason?: string }) {
  const { begin } = useSessionState();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    consoleApi
      .signIn(String(form.get('email')), String(form.get('password')))
      .then(begin, setError)
      .finally(() => setBusy(false));
  };
  return (
    <main className="auth" id="content">
      <div className="auth-card">
        <h1>Sign in to the Merchant Console</h1>
        {reason ? <Notice>{reason}</Notice> : null}
        <form onSubmit={submit} className="stack">
          <label>
            <span className="field-label">Email</span>
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label>
            <span className="field-label">Password</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <ErrorAlert error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Sign in
          </button>
        </form>
      </div>
    </main>
  );
}
