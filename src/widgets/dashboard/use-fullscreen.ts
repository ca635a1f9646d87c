/**
 * The Fullscreen API for one element: whether it is the page's full-screen element now (Esc or the
 * browser's own controls leave it too, so the state follows 'fullscreenchange'), and a toggle.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useFullscreen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen().catch(() => undefined);
  }, []);
  return { ref, active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
