import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../auth/redirect';

/**
 * /redirect?path=…: a hop to another page of the console (links from outside, e-mails, re-opening a
 * view); anything that is not a path of this console goes home.
 */
export function RedirectRoute() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('path')) ?? '/'} replace />;
}
