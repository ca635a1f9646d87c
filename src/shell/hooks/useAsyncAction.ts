import { useCallback, useState } from 'react';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A form's submit: `busy` while it runs, the failure's message in `error` for the form to show,
 * cleared when it runs again.
 */
export function useAsyncAction<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      setError(null);
      try {
        await action(...args);
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [action],
  );
  return { busy, error, setError, run };
}
