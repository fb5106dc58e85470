import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VrpClient } from '@vrp/sdk';
import { createApiClient, isSignedOut } from './api/client.js';
import { consoleApi, type Role, type Session } from './api/console-api.js';

type State = { status: 'loading' } | { status: 'signed-out'; reason?: string } | { status: 'signed-in'; session: Session };

interface SessionContextValue {
  state: State;
  /** Use after sign-in or accepting an invitation. */
  begin(session: Session): void;
  signOut(): Promise<void>;
  /** The session ended under us (a 401): back to the sign-in form. */
  expire(): void;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** Asks the gateway who is signed in once, then keeps the answer for the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    consoleApi
      .session()
      .then((session) => setState({ status: 'signed-in', session }))
      .catch(() => setState({ status: 'signed-out' }));
  }, []);
  const begin = useCallback((session: Session) => setState({ status: 'signed-in', session }), []);
  const expire = useCallback(() => setState({ status: 'signed-out', reason: 'Your session has ended. Sign in again.' }), []);
  const signOut = useCallback(async () => {
    if (state.status === 'signed-in') await consoleApi.signOut(state.session.csrf_token).catch(() => undefined);
    setState({ status: 'signed-out' });
  }, [state]);
  const value = useMemo(() => ({ state, begin, signOut, expire }), [state, begin, signOut, expire]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionState(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionState outside SessionProvider');
  return value;
}

/** The signed-in session and an API client bound to it (only inside the signed-in layout). */
export function useSession(): { session: Session; api: VrpClient; expire(): void } {
  const { state, expire } = useSessionState();
  if (state.status !== 'signed-in') throw new Error('useSession while signed out');
  const api = useMemo(() => createApiClient(state.session.csrf_token), [state.session.csrf_token]);
  return { session: state.session, api, expire };
}

/** Runs `fn`; a 401 ends the session in the UI, anything else is rethrown for the page to show. */
export function useGuard() {
  const { expire } = useSessionState();
  return useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (err) {
        if (isSignedOut(err)) expire();
        throw err;
      }
    },
    [expire],
  );
}

/** What the signed-in user's role lets them do (the gateway enforces it; the UI only hides what would be refused). */
export function useRole(): { role: Role; canIntegrate: boolean; canManage: boolean } {
  const { session } = useSession();
  const role = session.user.role;
  return { role, canIntegrate: role !== 'viewer', canManage: role === 'owner' };
}
