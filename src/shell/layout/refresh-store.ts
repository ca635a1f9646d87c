import { refreshTab } from '../tabs/tabs-store';

/**
 * Remounts the view on screen, data and all. The views are kept alive per tab and keyed by the
 * tabs store's refresh counter, so bumping the current tab's counter renews this view alone and the
 * other tabs keep their state.
 */
export function refreshCurrentView(): void {
  refreshTab(window.location.pathname + window.location.search);
}
