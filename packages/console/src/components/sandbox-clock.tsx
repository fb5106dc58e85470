import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../format/format.js';
import { advanceSeconds, aheadOfRealTime, CLOCK_UNITS, type ClockUnit } from '../format/clock.js';
import { useGuard, useRole, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { ErrorAlert, Facts, Notice, Time } from './ui.js';

/**
 * The merchant's sandbox clock (sandbox only): what time it is for every rule of this merchant,
 * and time travel forward (docs/api.md, "Sandbox clock"); work that became due runs right after.
 */
export function SandboxClock() {
  const { api } = useSession();
  const guard = useGuard();
  const { canIntegrate } = useRole();
  const clock = useLoad(() => api.sandboxGetClock(), 'sandbox-clock');
  const [moved, setMoved] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const advance = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const asked = advanceSeconds(String(data.get('amount') ?? ''), String(data.get('unit')) as ClockUnit);
    setMoved(undefined);
    if ('error' in asked) return setError(new Error(asked.error));
    setError(undefined);
    setBusy(true);
    guard(() => api.sandboxAdvanceClock({ seconds: asked.seconds }))
      .then((c) => {
        setMoved(`The clock now reads ${formatDateTime(c.now)}. Work that became due runs now.`);
        clock.reload();
      }, setError)
      .finally(() => setBusy(false));
  };
  return (
    <section className="panel" aria-labelledby="clock-heading">
      <h2 id="clock-heading">Sandbox clock</h2>
      <p className="muted">
        Every time rule of your sandbox runs on this clock: payment limits and periods, the retry window, settlement, webhook retries and
        secret expiry. Move it forward to see what happens later, without waiting.
      </p>
      <ErrorAlert error={clock.error} />
      {clock.data ? (
        <Facts
          items={[
            ['Sandbox time', <Time iso={clock.data.now} />],
            ['Offset', aheadOfRealTime(clock.data.now, Date.now())],
          ]}
        />
      ) : null}
      {canIntegrate ? (
        <form className="inline-form" onSubmit={advance}>
          <label>
            <span className="field-label">Advance by</span>
            <input name="amount" type="number" min={1} step={1} required defaultValue={1} inputMode="numeric" />
          </label>
          <label>
            <span className="field-label">Unit</span>
            <select name="unit" defaultValue="days">
              {Object.keys(CLOCK_UNITS).map((u) => (
                <option key={u}>{u}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Advance clock
          </button>
        </form>
      ) : null}
      {moved ? <Notice>{moved}</Notice> : null}
      <ErrorAlert error={error} />
    </section>
  );
}
