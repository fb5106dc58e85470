import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { ErrorAlert, Facts, Notice, PageHeader, ShownOnce } from '../components/ui.js';
import { useGuard, useSession, useSessionState } from '../session.js';
import { useLoad } from '../use-load.js';

/** The signed-in user's own account: password, sessions and two-factor sign-in. */
export function AccountPage() {
  const { session } = useSession();
  const { expire, begin } = useSessionState();
  const guard = useGuard();
  const account = useLoad(() => consoleApi.account(), 'account');
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const csrf = session.csrf_token;

  const changePassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setError(undefined);
    guard(() => consoleApi.changePassword(csrf, String(data.get('current')), String(data.get('next')))).then(() => {
      form.reset();
      setNotice('Password changed. Your other sessions have been signed out.');
    }, setError);
  };
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code'));
    setError(undefined);
    guard(() => consoleApi.confirmTwoFactor(csrf, code)).then(async (r) => {
      setSetup(undefined);
      setRecovery(r.recovery_codes);
      account.reload();
      // The session now belongs to a user with two-factor sign-in: refresh what the app knows.
      begin(await consoleApi.session());
    }, setError);
  };

  return (
    <>
      <PageHeader title="Account" />
      {notice ? <Notice>{notice}</Notice> : null}
      <ErrorAlert error={error ?? account.error} />
      <Facts
        items={[
          ['Email', session.user.email],
          ['Role', session.user.role],
          ['Two-factor sign-in', account.data?.two_factor ? `On (${account.data.recovery_codes_left} recovery codes left)` : 'Off'],
        ]}
      />

      <h2>Two-factor sign-in</h2>
      {recovery ? (
        <div className="panel">
          <p>Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your device.</p>
          <ShownOnce label="Recovery codes" value={recovery.join(' ')} note="They will not be shown again." />
        </div>
      ) : null}
      {account.data && !account.data.two_factor && !setup ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => guard(() => consoleApi.beginTwoFactor(csrf)).then(setSetup, setError)}
        >
          Set up two-factor sign-in
        </button>
      ) : null}
      {setup ? (
        <form className="stack panel" onSubmit={confirm}>
          <p>Add this account to your authenticator app (it takes the secret or the otpauth link), then enter the 6-digit code it shows.</p>
          <ShownOnce label="Secret key" value={setup.secret} note="Type or paste it into your authenticator app." />
          <ShownOnce label="Authenticator link" value={setup.otpauth_uri} note="Apps that take a link accept this one." />
          <label>
            <span className="field-label">Authentication code</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
          </label>
          <div>
            <button type="submit" className="btn btn-primary">
              Turn on two-factor sign-in
            </button>
          </div>
        </form>
      ) : null}

      <h2>Password</h2>
      <form className="stack" onSubmit={changePassword}>
        <label>
          <span className="field-label">Current password</span>
          <input name="current" type="password" autoComplete="current-password" required />
        </label>
        <label>
          <span className="field-label">New password</span>
          <input name="next" type="password" autoComplete="new-password" minLength={12} required />
        </label>
        <div>
          <button type="submit" className="btn btn-primary">
            Change password
          </button>
        </div>
      </form>

      <h2>Sessions</h2>
      <p className="muted">Signs you out on every browser, this one included.</p>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => guard(() => consoleApi.signOutEverywhere(csrf)).then(expire, setError)}
      >
        Sign out everywhere
      </button>
    </>
  );
}
