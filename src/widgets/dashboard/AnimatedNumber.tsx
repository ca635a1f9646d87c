/**
 * A number that runs from what it showed to its new value (about half a second), so a wall display's
 * figures change in place rather than blink. Reduced motion: it just changes.
 */
import { useEffect, useRef, useState } from 'react';

const RUN_MS = 600;

export function AnimatedNumber({ value, format }: { value: number; format: (value: number) => string }) {
  const [shown, setShown] = useState(value);
  const from = useRef(value);
  useEffect(() => {
    const start = from.current;
    if (start === value || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      from.current = value;
      setShown(value);
      return;
    }
    const began = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - began) / RUN_MS);
      // Ease out: fast at first, settling on the value.
      const current = start + (value - start) * (1 - (1 - progress) ** 3);
      from.current = current;
      setShown(current);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return <>{format(shown)}</>;
}
