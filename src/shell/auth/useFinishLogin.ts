import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { setToken } from '../request/token';
import { homePath, loadSession, resetSession } from './session';
import { safeRedirect } from './redirect';

/**
 * After any kind of login (password, QR, registration): keep the token, load the session and go to
 * the `redirect` path or the team's home. A half-done login leaves no token behind.
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    async (token?: string) => {
      if (token) setToken(token);
      try {
        const session = await loadSession();
        navigate(safeRedirect(params.get('redirect')) ?? homePath(session), { replace: true });
      } catch (error) {
        resetSession();
        throw error;
      }
    },
    [navigate, params],
  );
}
