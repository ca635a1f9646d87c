import { useEffect } from 'react';
import { loadAllStrings } from '../i18n/language-store';

/**
 * Asks for the console's code and strings a moment after a signed-out page is drawn, while the user
 * types: the login download leaves antd out, and the first page after signing in would otherwise
 * wait for all of it. A failure is left to the console's own loading, which shows it.
 */
export function PrefetchConsole() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const load of [() => import('../theme/AntdConfig'), () => import('../layout/ConsoleLayout'), loadAllStrings]) load().catch(() => {});
    }, 1000);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
