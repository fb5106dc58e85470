import { useState } from 'react';
import { useRole } from '../session.js';
import { ActionButton } from './ui.js';

/**
 * A change that cannot be undone, in two steps: the first button asks, the second does it (a
 * native confirm() would stop keyboard and automated use alike).
 */
export function ConfirmAction({
  label,
  confirmLabel,
  warning,
  run,
  done,
}: {
  label: string;
  confirmLabel: string;
  /** What the change does, shown beside the confirmation. */
  warning: string;
  run: () => Promise<unknown>;
  done?: (result: unknown) => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!useRole().canIntegrate) return null;
  if (!asking) {
    return (
      <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={label}>
      <ActionButton label={confirmLabel} kind="danger" run={run} autoFocus {...(done ? { done } : {})} />
      <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
        Keep it
      </button>
      <span className="muted">{warning}</span>
    </span>
  );
}
