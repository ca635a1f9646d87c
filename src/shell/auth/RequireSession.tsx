import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStore } from '../store';
import { getToken } from '../request/token';
import { loadSession, resetSession, sessionStore } from './session';
import { RequestError } from '../request/client';
import { Code } from '../../contract/envelope';

function loginPath(location: { pathname: string; search: string }, reason?: string): string {
  const query = new URLSearchParams({ redirect: location.pathname + location.search });
  if (reason) query.set('reason', reason);
  return `/login?${query}`;
}

/**
 * Spec §4 Session: no token → login with the original path as `redirect`; a token but no session
 * yet → index-init, showing `loading` meanwhile; a failed init resets the session and goes to login
 * with the reason.
 */
export function RequireSession({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const location = useLocation();
  const session = useStore(sessionStore);
  const [failure, setFailure] = useState<string | null>(null);
  const token = getToken();

  useEffect(() => {
    if (!token || session) return;
    let cancelled = false;
    loadSession().catch((error: unknown) => {
      // A locked session (205) keeps its login: the lock screen takes over until it is unlocked.
      if (cancelled || (error instanceof RequestError && error.code === Code.locked)) return;
      resetSession();
      setFailure(error instanceof Error ? error.message : String(error));
    });
    return () => {
      cancelled = true;
    };
  }, [token, session]);

  if (!token || failure) return <Navigate to={loginPath(location, failure ?? undefined)} replace />;
  if (!session) return <>{loading}</>;
  return <>{children}</>;
}
