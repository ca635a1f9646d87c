import { settings } from '../../contract/settings';
import { languageStore } from '../i18n/language-store';
import { translate } from '../i18n/translate';
import type { MessageKey } from '../i18n/types';
import { recordError } from './error-log';

const IE_BASED = /MSIE |Trident\//;
const DEVTOOLS_CHECK_MS = 500;
/** How far the window may exceed the page it shows before docked dev tools are assumed. */
const DEVTOOLS_GAP = 160;
const FORBIDDEN_PATH = '/403';

export function isIeBased(userAgent: string = navigator.userAgent): boolean {
  return IE_BASED.test(userAgent);
}

/**
 * The 温馨提示 dialog of spec §8, built from plain DOM calls that IE knows (no antd, no React): it
 * must show where the console itself cannot run.
 */
function showIeWarning(): void {
  const t = (key: MessageKey) => translate(languageStore.get(), key);
  const mask = document.createElement('div');
  mask.setAttribute('role', 'alertdialog');
  mask.setAttribute('aria-modal', 'true');
  mask.style.cssText = 'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;background:rgba(0,0,0,.45);font-family:sans-serif';
  const box = document.createElement('div');
  box.style.cssText = 'width:410px;margin:20vh auto 0;padding:24px;background:#fff;border-radius:8px;box-sizing:border-box';
  const title = document.createElement('h2');
  title.id = 'ie-warning-title';
  title.style.cssText = 'margin:0 0 12px;font-size:16px';
  title.appendChild(document.createTextNode(t('errorLog.ieTitle')));
  const text = document.createElement('p');
  text.style.cssText = 'margin:0 0 20px;line-height:1.6';
  text.appendChild(document.createTextNode(t('errorLog.ieContent')));
  const button = document.createElement('button');
  button.type = 'button';
  button.style.cssText = `float:right;padding:6px 16px;border:0;border-radius:4px;color:#fff;background:${settings.color};cursor:pointer`;
  button.appendChild(document.createTextNode(t('errorLog.ieConfirm')));
  // Element.remove() is newer than IE.
  button.addEventListener('click', () => mask.parentNode?.removeChild(mask));
  mask.setAttribute('aria-labelledby', title.id);
  box.appendChild(title);
  box.appendChild(text);
  box.appendChild(button);
  mask.appendChild(box);
  document.body.appendChild(mask);
  button.focus();
}

/** The parts of a window the detector reads and acts on. */
export type DetectorWindow = Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight' | 'close' | 'closed'> & {
  location: Pick<Location, 'pathname' | 'replace'>;
};

/**
 * Checks every 500 ms for docked dev tools (the window much larger than its page) and then leaves:
 * closes the window where a script may, else goes to /403. Undocked dev tools and browser side
 * panels fool it, one reason it is behind settings.devToolsDetector. Returns the stop function.
 */
export function startDevToolsDetector(win: DetectorWindow = window): () => void {
  const timer = setInterval(() => {
    const open = win.outerWidth - win.innerWidth > DEVTOOLS_GAP || win.outerHeight - win.innerHeight > DEVTOOLS_GAP;
    // On /403 already: leaving again would reload the page in a loop.
    if (!open || win.location.pathname === FORBIDDEN_PATH) return;
    clearInterval(timer);
    win.close();
    if (!win.closed) win.location.replace(FORBIDDEN_PATH);
  }, DEVTOOLS_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * The page-wide guards of spec §8, installed once before the app renders: the IE warning, the
 * optional dev-tools detector, and failed chunk or style preloads into the error log. Vite's preload
 * helper rethrows the error after this event unless a listener cancels it, and none does here: the
 * screen that needed the chunk must still fail visibly. Its CSS failures read
 * "Unable to preload CSS for {path}".
 */
export function installBrowserGuards(): void {
  if (isIeBased()) showIeWarning();
  if (settings.devToolsDetector) startDevToolsDetector();
  window.addEventListener('vite:preloadError', (event) => recordError(event.payload, 'error'));
}
