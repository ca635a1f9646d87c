import { useEffect, useState, type RefObject } from 'react';

/** Where a strip of tabs stands: whether its tabs overflow it, and whether more lie to either side. */
export interface StripScroll {
  overflow: boolean;
  atStart: boolean;
  atEnd: boolean;
}

const tabsOf = (strip: HTMLElement) => [...strip.querySelectorAll<HTMLElement>('[data-tab-path]')];

/**
 * The scroll position that shows `tab` whole with a whole tab at the left edge: scrolling only as
 * far as the tab needs could leave the leftmost label cut in half, so it goes on to the next tab's
 * start (which still shows `tab` whole, being no wider than the strip).
 */
export function scrollShowing(strip: HTMLElement, tab: HTMLElement): number {
  if (tab.offsetLeft < strip.scrollLeft) return tab.offsetLeft;
  const least = tab.offsetLeft + tab.offsetWidth - strip.clientWidth;
  if (least <= strip.scrollLeft) return strip.scrollLeft;
  return tabsOf(strip).find((other) => other.offsetLeft >= least)?.offsetLeft ?? least;
}

/** The scroll position one tab further to the left (-1) or right (+1), a tab's start at the left edge. */
export function scrollStep(strip: HTMLElement, direction: -1 | 1): number {
  const starts = tabsOf(strip).map((tab) => tab.offsetLeft);
  const at = strip.scrollLeft;
  if (direction < 0) return starts.filter((start) => start < at - 1).at(-1) ?? 0;
  return Math.min(starts.find((start) => start > at + 1) ?? at, strip.scrollWidth - strip.clientWidth);
}

function measure(strip: HTMLElement): StripScroll {
  const max = strip.scrollWidth - strip.clientWidth;
  return { overflow: max > 1, atStart: strip.scrollLeft <= 1, atEnd: strip.scrollLeft >= max - 1 };
}

const same = (a: StripScroll, b: StripScroll) => a.overflow === b.overflow && a.atStart === b.atStart && a.atEnd === b.atEnd;

/** Follows the strip's overflow as it scrolls, resizes, and gains or loses tabs (`count`). */
export function useStripScroll(ref: RefObject<HTMLElement | null>, count: number): StripScroll {
  const [scroll, setScroll] = useState<StripScroll>({ overflow: false, atStart: true, atEnd: true });
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => setScroll((before) => {
      const now = measure(strip);
      return same(before, now) ? before : now;
    });
    update();
    strip.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, count]);
  return scroll;
}
