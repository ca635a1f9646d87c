/**
 * The first loader (issue 18): before the console's code loads, index.html draws the frame's shape
 * in the saved colour mode, which public/boot-mode.js reads from storage under the console's own
 * keys and by the console's own rule; nobody signed in, no frame (the sign-in page comes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settings } from '../../../src/contract/settings';
import { colorMode, parseTheme } from '../../../src/shell/theme/theme';

const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8');
const script = read('public/boot-mode.js');
const root = document.documentElement;

function boot(theme: unknown, token = 'a-token'): { mode: string | null; guest: boolean } {
  localStorage.clear();
  if (theme !== undefined) localStorage.setItem(settings.storageKeys.theme, typeof theme === 'string' ? theme : JSON.stringify(theme));
  if (token) localStorage.setItem(settings.tokenTableName, token);
  window.eval(script);
  return { mode: root.getAttribute('data-boot-mode'), guest: root.hasAttribute('data-boot-guest') };
}

describe('the boot script and the first loader', () => {
  afterEach(() => {
    localStorage.clear();
    root.removeAttribute('data-boot-mode');
    root.removeAttribute('data-boot-guest');
  });

  it.each([
    ['nothing saved', undefined],
    ['dark', { colorMode: 'dark' }],
    ['dark, default theme', { colorMode: 'dark', themeName: 'default' }],
    ['dark under the technology theme (no dark mode there)', { colorMode: 'dark', themeName: 'technology' }],
    ['light', { colorMode: 'light', layout: 'vertical' }],
    ['unreadable', '{not json'],
  ])('reads the colour mode the console will show: %s', (_, saved) => {
    const expected = colorMode(parseTheme(saved === undefined ? null : typeof saved === 'string' ? saved : JSON.stringify(saved)));
    expect(boot(saved).mode).toBe(expected);
  });

  it('marks a visit with nobody signed in, so no console frame is drawn before the sign-in page', () => {
    expect(boot({ colorMode: 'dark' }, '').guest).toBe(true);
    root.removeAttribute('data-boot-guest');
    expect(boot({ colorMode: 'dark' }).guest).toBe(false);
    // Kept for the session only (settings.storage), the token still says someone is signed in.
    sessionStorage.setItem(settings.tokenTableName, 'a-token');
    expect(boot({ colorMode: 'dark' }, '').guest).toBe(false);
    sessionStorage.clear();
  });

  it('runs before the stylesheet and the console, and the page opens on the frame\'s shape', () => {
    const html = read('index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    // A classic script in the head blocks the first paint until the mode is known.
    expect(head).toMatch(/<script src="\/boot-mode\.js"><\/script>\s*<link rel="stylesheet" href="\/src\/shell\/loading\/frame-skeleton\.css" \/>/);
    document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
    const frame = document.querySelector('#root > .boot-frame')!;
    expect([...frame.children].map((part) => part.className)).toEqual(['boot-header', 'boot-sider', 'boot-main']);
    expect(frame.getAttribute('role')).toBe('status');
    document.body.innerHTML = '';
  });
});
