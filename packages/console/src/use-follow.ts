import { useCallback, useEffect, useState } from 'react';

/**
 * Some changes land a moment after the API accepted them (a redelivery, a simulated bank's
 * decision). follow() reloads the page's data every second for a while, so the outcome shows
 * without the user reloading; calling it again starts the period over.
 */
export function useFollow(reload: () => void, times = 10, everyMs = 1000): () => void {
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round === 0) return;
    let left = times;
    const timer = setInterval(() => {
      reload();
      if (--left <= 0) clearInterval(timer);
    }, everyMs);
    return () => clearInterval(timer);
  }, [round, reload, times, everyMs]);
  return useCallback(() => setRound((r) => r + 1), []);
}
