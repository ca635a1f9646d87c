import { useEffect, useState } from 'react';

/** The time now, ticking every `every` ms while mounted: countdowns redraw on their own. */
export function useNow(every = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}
