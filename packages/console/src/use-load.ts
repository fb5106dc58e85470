import { useCallback, useEffect, useState } from 'react';
import { useGuard } from './session.js';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Loads data for a page when `key` changes (and on reload()); a 401 signs the user out. What was
 * loaded for another key is never shown (a list never shows rows of other filters); a reload of
 * the same key keeps the old answer on screen until the new one arrives.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const guard = useGuard();
  const [state, setState] = useState<{ key?: string; data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => (s.key === key ? { ...s, loading: true } : { key, loading: true }));
    guard(load).then(
      (data) => current && setState({ key, data, loading: false }),
      (error: unknown) => current && setState({ key, error, loading: false }),
    );
    return () => {
      current = false;
    };
    // `load` changes every render; `key` says when what it loads changed.
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const fresh = state.key === key;
  return { data: fresh ? state.data : undefined, error: fresh ? state.error : undefined, loading: state.loading || !fresh, reload };
}
