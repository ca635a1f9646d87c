/** A signed-in device as a person names it: browser and system read from its user agent. */
import type UAParserType from 'ua-parser-js';
import { atFirstUse } from '../first-use';

// Loaded by the first device named (a list of sessions, a QR login), not at every start.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled in, run at first use (server/first-use.ts)
const uaParser = atFirstUse<typeof UAParserType>('ua-parser-js', () => require('ua-parser-js'));

/**
 * "Chrome 131 · Windows 10" from a user agent; the part it cannot tell is left out, and an agent it
 * cannot read at all gives '' (the console then shows the raw string).
 */
export function deviceName(userAgent: string): string {
  const UAParser = uaParser();
  const { browser, os } = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined) => (name ? [name, version].filter(Boolean).join(' ') : null);
  return [named(browser.name, browser.major), named(os.name, os.version)].filter(Boolean).join(' · ');
}
