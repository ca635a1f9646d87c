/**
 * Whether the window is a phone's (below the spec's phone width): lists draw cards, details and
 * forms one column, dialogs and drawers the whole screen. Read from the media query while drawing,
 * so the first draw is already the right one, and live as the window turns or is resized. Any layer
 * may ask: widgets draw their own phone layout with it, the engine and the shell theirs.
 */
import { useSyncExternalStore } from 'react';
import { settings } from '../../contract/settings';

const QUERY = `(max-width: ${settings.phoneWidth - 0.02}px)`;

// Not kept in a module variable: a test that stubs matchMedia for a width gets that width.
const media = (): MediaQueryList | undefined => globalThis.matchMedia?.(QUERY);

function subscribe(changed: () => void) {
  const list = media();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

const isPhone = () => media()?.matches ?? false;

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
