import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { loadCatalogue } from '../../src/shell/i18n/translate';

/** One msw server for every unit test file; each test adds the handlers it needs. */
export const mockServer = setupServer();

/**
 * A deprecated prop (antd names it and its replacement) or a state update outside act() fails the
 * test that caused it, so the test output stays free of them and a new one is fixed where it starts.
 */
const FORBIDDEN_WARNING = /is deprecated|not wrapped in act\(|inside an `act` scope/;
let forbidden: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = format(...args);
    if (FORBIDDEN_WARNING.test(text)) forbidden.push(text);
    original(...args);
  };
}
beforeEach(() => {
  forbidden = [];
});
afterEach(() => {
  if (forbidden.length > 0) throw new Error(`Warnings a test must not cause:\n${forbidden.join('\n')}`);
});

beforeAll(async () => {
  mockServer.listen({ onUnhandledRequest: 'error' });
  // Tests switch languages synchronously and draw any page; the console loads each language's
  // whole catalogue on demand (Chinese's signed-out strings are bundled).
  await Promise.all([loadCatalogue('zh'), loadCatalogue('en')]);
});
afterEach(() => {
  mockServer.resetHandlers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => mockServer.close());

// antd reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
