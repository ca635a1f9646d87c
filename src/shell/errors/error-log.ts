import type { ClientErrorKind, ClientErrorReport } from '../../contract/api/client-errors';
import { CLIENT_ERROR_BATCH, CLIENT_ERROR_LIMITS } from '../../contract/error-log';
import { settings } from '../../contract/settings';
import { getToken } from '../request/token';
import { request, RequestError } from '../request/client';
import { createStore } from '../store';

/** One error the console met in this browser (spec §3 error-log store): what, where and when. */
export interface ErrorEntry {
  id: number;
  message: string;
  stack?: string;
  /** The page the user was on. */
  url: string;
  time: number;
  kind: ClientErrorKind;
}

/** Newest first, and bounded: a screen that fails in a loop must not fill the memory. */
const MAX_ENTRIES = 100;
/** One report a second at most, each of up to CLIENT_ERROR_BATCH entries; beyond this backlog, entries stay local. */
const REPORT_INTERVAL = 1000;
const MAX_BACKLOG = 60;
const REPORT_ROUTE = '/api/index/error-log';

export const errorLogStore = createStore<readonly ErrorEntry[]>([]);

/** Whether errors are kept in a mode of the build (settings.errorLog, spec §8). */
export function keepsErrors(mode: string = import.meta.env.MODE): boolean {
  return (settings.errorLog as readonly string[]).includes(mode);
}

let nextId = 1;
// The same error object can arrive more than once (a failed preload is reported, then rethrown into a
// screen's boundary): it is one error.
const seen = new WeakSet<object>();
const backlog: ClientErrorReport[] = [];
let reportTimer: ReturnType<typeof setTimeout> | null = null;

const clip = (text: string, limit: number) => (text.length > limit ? text.slice(0, limit) : text);

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      message: clip(error.message || error.name, CLIENT_ERROR_LIMITS.message),
      ...(error.stack ? { stack: clip(error.stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    };
  }
  if (typeof error === 'string') return { message: clip(error, CLIENT_ERROR_LIMITS.message) };
  let text: string;
  try {
    text = JSON.stringify(error) ?? String(error);
  } catch {
    text = String(error);
  }
  return { message: clip(text, CLIENT_ERROR_LIMITS.message) };
}

function sendBatch(): void {
  reportTimer = null;
  const entries = backlog.splice(0, CLIENT_ERROR_BATCH);
  if (backlog.length) reportTimer = setTimeout(sendBatch, REPORT_INTERVAL);
  // The server takes reports from signed-in users only; before login an error stays in this browser.
  if (!entries.length || !getToken()) return;
  // Silent, and never recorded itself: reporting an error must not make more of them.
  request(REPORT_ROUTE, { body: { entries }, silent: true }).catch(() => undefined);
}

function report(entry: ErrorEntry): void {
  if (backlog.length >= MAX_BACKLOG) return;
  backlog.push({ message: entry.message, url: clip(entry.url, CLIENT_ERROR_LIMITS.url), kind: entry.kind, ...(entry.stack ? { stack: entry.stack } : {}) });
  reportTimer ??= setTimeout(sendBatch, REPORT_INTERVAL);
}

/** Keeps an error with the page url, when the mode keeps errors, and reports it to the server. */
export function recordError(error: unknown, kind: ClientErrorKind): void {
  if (!keepsErrors()) return;
  if (typeof error === 'object' && error !== null) {
    if (seen.has(error)) return;
    seen.add(error);
  }
  const entry: ErrorEntry = { id: nextId++, ...describe(error), url: window.location.href, time: Date.now(), kind };
  errorLogStore.set((entries) => [entry, ...entries].slice(0, MAX_ENTRIES));
  report(entry);
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

let installed = false;

const RESIZE_OBSERVER_LOOP = 'ResizeObserver loop';

/** Catches what nothing else caught: script errors and rejected promises nobody handled. */
export function installErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // The browser's note that a resize observer's callback moved layout and the rest of its
    // notifications wait a frame: no script failed, and nothing is lost.
    if (!event.error && event.message.startsWith(RESIZE_OBSERVER_LOOP)) return;
    recordError(event.error ?? event.message, 'error');
  });
  window.addEventListener('unhandledrejection', (event) => {
    // A refused API call was already shown to the user and is on the server's own record.
    if (event.reason instanceof RequestError) return;
    recordError(event.reason, 'rejection');
  });
}
