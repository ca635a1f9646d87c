import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { createStore } from '../store';

/**
 * The page the side menu shows selected: from a menu click on, the page clicked (the click's own
 * render shows it, before the page's render is done), else the page on screen. Reading this
 * rather than the location keeps the menu out of the render that draws the page.
 */
export const menuPathStore = createStore(window.location.pathname);

/** Keeps menuPathStore on the page on screen, however it was reached (tabs, links, history). */
export function useMenuPathFollowsLocation(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    menuPathStore.set(pathname);
  }, [pathname]);
}
