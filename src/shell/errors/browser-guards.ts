import { settings } from '../../contract/settings';
import { recordError } from './error-log';

/**
 * The page-wide guards of spec §8, installed once before the app renders: the optional dev-tools
 * detector (downloaded only when switched on) and failed chunk or style preloads into the error log.
 * Vite's preload helper rethrows the error after this event unless a listener cancels it, and none
 * does here: the screen that needed the chunk must still fail visibly. Its CSS failures read
 * "Unable to preload CSS for {path}". The IE warning is public/legacy-browser.js: IE never runs this.
 */
export function installBrowserGuards(): void {
  if (settings.devToolsDetector) void import('./devtools-detector').then((m) => m.startDevToolsDetector());
  window.addEventListener('vite:preloadError', (event) => recordError(event.payload, 'error'));
}
