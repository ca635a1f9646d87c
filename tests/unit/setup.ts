import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { loadCatalogue } from '../../src/shell/i18n/translate';

/** One msw server for every unit test file; each test adds the handlers it needs. */
export const mockServer = setupServer();

beforeAll(async () => {
  mockServer.listen({ onUnhandledRequest: 'error' });
  // Tests switch languages synchronously; the console loads English on demand.
  await loadCatalogue('en');
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
