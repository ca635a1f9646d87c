import { useEffect, useMemo } from 'react';
import { debounce, throttle } from 'throttle-debounce';
import { settings } from '../../contract/settings';

/**
 * An action that fires at most once per `throttleWait` (spec §9: 2000 ms): the first click acts at
 * once and repeats within the window are dropped, so a double click never saves twice. Pass a
 * stable action (useCallback): a new one starts a new window.
 */
export function useThrottledAction<A extends unknown[]>(action: (...args: A) => void, wait = settings.throttleWait) {
  const throttled = useMemo(() => throttle(wait, action, { noTrailing: true }), [wait, action]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  return throttled;
}

/** An action that fires once calls stop for `debounceWait` (spec §9: 1000 ms, the doEdit debounce). */
export function useDebouncedAction<A extends unknown[]>(action: (...args: A) => void, wait = settings.debounceWait) {
  const debounced = useMemo(() => debounce(wait, action), [wait, action]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
