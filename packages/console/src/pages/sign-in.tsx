import { useState, type FormEvent } from 'react';
import { ConsoleError, consoleApi } from '../api/console-api.js';
import { ErrorAlert, Notice } from '../components/ui.js';
import { useSessionState } from '../session.js';

/**
 * Email and password, then (for accounts with two-factor sign-in) the authenticator's code or a
 * recovery code; the gateway limits attempts per account and per address.
 */
export function SignInPage({ reason }: { reason?: string }) {
  const { begin } = useSessionState();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const recovery = String(form.get('recovery_code') ?? '').trim();
    setBusy(true);
    setError(undefined);
    consoleApi
      .signIn(String(form.get('email')), String(form.get('password')), {
        ...(code ? { code } : {}),
        ...(recovery ? { recovery_code: recovery } : {}),
      })
      .then(begin, (err: unknown) => {
        if (err instanceof ConsoleError && err.code === 'two_factor_required') setSecondFactor(true);
        else setError(err);
      })
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
            <input name="email" type="email" autoComplete="username" required readOnly={secondFactor} />
          </label>
          <label>
            <span className="field-label">Password</span>
            <input name="password" type="password" autoComplete="current-password" required readOnly={secondFactor} />
          </label>
          {secondFactor ? (
            <>
              <Notice>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Notice>
              <label>
                <span className="field-label">Authentication code</span>
                <input name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus />
              </label>
              <label>
                <span className="field-label">Recovery code</span>
                <input name="recovery_code" autoComplete="off" />
              </label>
            </>
          ) : null}
          <ErrorAlert error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Sign in
          </button>
        </form>
      </div>
    </main>
  );
}
