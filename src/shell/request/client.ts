import { isSuccessCode, type Envelope } from '../../contract/envelope';
import { settings } from '../../contract/settings';
import { getToken, removeToken, setToken } from './token';
import { shellEvents } from '../events';
import { languageStore } from '../i18n/language-store';
import { translate } from '../i18n/translate';
import type { MessageKey } from '../i18n/types';

export class RequestError extends Error {
  constructor(
    readonly code: number | string,
    msg: string,
    readonly status: number,
    /** What the server sent beside its message (e.g. each problem of a refused screen). */
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'RequestError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData for uploads (sent as multipart, the browser sets its boundary). */
  body?: unknown;
  timeout?: number;
  /** Do not toast the error; the caller shows it. */
  silent?: boolean;
  /**
   * A 403 is the caller's to show in place (a screen's lookup into a resource the user may not read)
   * instead of taking the whole console to /403.
   */
  inline?: boolean;
  /** Called as a FormData body goes out (bytes sent, bytes in all): a file upload's progress bar. */
  onUploadProgress?(loaded: number, total: number): void;
}

const DEFAULT_MESSAGES: Record<number, MessageKey> = {
  400: 'request.status400',
  401: 'request.status401',
  403: 'request.status403',
  404: 'request.status404',
  406: 'request.status406',
  410: 'request.status410',
  500: 'request.status500',
  502: 'request.status502',
  503: 'request.status503',
  504: 'request.status504',
};

const t = (key: MessageKey) => translate(languageStore.get(), key);

const REFRESH_LOCK = 'shop-console-token-refresh';

/**
 * The one refresh in flight: every request of this tab that meets a 402 waits for it (spec §4
 * Session), and a Web Lock makes other tabs of the browser wait too. A tab that gets the lock after
 * another tab refreshed finds a new token in the shared storage and uses it instead of rotating the
 * refresh cookie a second time.
 */
let refreshing: Promise<boolean> | null = null;

function refreshToken(stale: string | null): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const locks = globalThis.navigator?.locks;
      return locks ? await locks.request(REFRESH_LOCK, () => refreshUnlessDone(stale)) : await refreshUnlessDone(stale);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function refreshUnlessDone(stale: string | null): Promise<boolean> {
  const current = getToken();
  if (current && current !== stale) return true;
  try {
    const answer = await send<Record<string, string>>('/refreshToken', { method: 'GET' }, null);
    const token = answer.body?.data?.[settings.tokenName];
    if (!answer.body || !isSuccessCode(answer.body.code) || !token) return false;
    setToken(token);
    return true;
  } catch {
    return false;
  }
}

interface Answer<T> {
  status: number;
  body: Envelope<T> | null;
  /** A file the server sent instead of an envelope (exports). */
  file?: Blob;
}

const headersOf = (token: string | null): Record<string, string> => ({
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
  'Accept-Language': languageStore.get(),
});

/**
 * An upload that reports its progress: fetch cannot tell how much of a body has gone out, an
 * XMLHttpRequest can. Answers as send does (the envelope; a network failure rejects).
 */
function sendWithProgress<T>(url: string, options: RequestOptions & { body: FormData }, token: string | null): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', new URL(url, globalThis.location.origin));
    for (const [name, value] of Object.entries(headersOf(token))) xhr.setRequestHeader(name, value);
    xhr.timeout = options.timeout ?? settings.requestTimeout;
    xhr.upload.onprogress = (event) => options.onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      let body: Envelope<T> | null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        // Not an envelope (a proxy's error page): the status tells what happened.
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('network'));
    xhr.send(options.body);
  });
}

async function send<T>(url: string, options: RequestOptions, token: string | null): Promise<Answer<T>> {
  if (options.onUploadProgress && options.body instanceof FormData) return sendWithProgress<T>(url, { ...options, body: options.body }, token);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? settings.requestTimeout);
  const json = options.body !== undefined && !(options.body instanceof FormData);
  try {
    // Resolved against the page so the same call works in the browser and under test runners.
    const response = await fetch(new URL(url, globalThis.location.origin), {
      method: options.method ?? 'POST',
      headers: {
        ...(json ? { 'Content-Type': 'application/json;charset=UTF-8' } : {}),
        ...headersOf(token),
      },
      body: json ? JSON.stringify(options.body) : (options.body as FormData | undefined),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    // A successful answer that is not JSON is a file (an export); errors always come as the envelope.
    if (response.ok && !response.headers.get('Content-Type')?.includes('application/json')) {
      return { status: response.status, body: null, file: await response.blob() };
    }
    const body = (await response.json().catch(() => null)) as Envelope<T> | null;
    return { status: response.status, body };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls the API and resolves with `data`. Codes follow spec §8: 205 locks the console, 401 resets
 * the session, 402 refreshes the token once for everyone and retries, 403 goes to /403, anything
 * else rejects with the server's message or the default for the status.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const answer = await call<T>(url, options, false);
  // A file (a download read for a preview) resolves as its bytes.
  return (answer.file ?? answer.body?.data) as T;
}

/**
 * Fetches a file (an export) through the same rules as `request`, token refresh included, and
 * saves it under `filename`.
 */
export async function download(url: string, filename: string, options: Pick<RequestOptions, 'timeout' | 'silent'> = {}): Promise<void> {
  const answer = await call<never>(url, { ...options, method: 'GET' }, false);
  if (!answer.file) {
    const msg = t('request.unknown');
    if (!options.silent) shellEvents.emit('notify:error', msg);
    throw new RequestError(-1, msg, answer.status);
  }
  const href = URL.createObjectURL(answer.file);
  const link = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

async function call<T>(url: string, options: RequestOptions, retried: boolean): Promise<Answer<T>> {
  let answer: Answer<T>;
  const token = getToken();
  try {
    answer = await send<T>(url, options, token);
  } catch {
    const msg = t('request.network');
    if (!options.silent) shellEvents.emit('notify:error', msg);
    throw new RequestError(-1, msg, 0);
  }
  if (answer.file) return answer;
  const code = answer.body?.code ?? answer.status;
  if (isSuccessCode(code)) return answer;

  const numeric = Number(code);
  const msg = answer.body?.msg || t(DEFAULT_MESSAGES[numeric] ?? DEFAULT_MESSAGES[answer.status] ?? 'request.unknown');
  switch (numeric) {
    case 205:
      shellEvents.emit('session:locked', t('request.locked'));
      break;
    case 401:
      removeToken();
      shellEvents.emit('session:reset', msg);
      break;
    case 402:
      if (!retried && (await refreshToken(token))) return call<T>(url, options, true);
      removeToken();
      shellEvents.emit('session:reset', t('request.status401'));
      break;
    case 403:
      if (options.inline) {
        if (!options.silent) shellEvents.emit('notify:error', msg);
      } else shellEvents.emit('session:forbidden');
      break;
    default:
      if (!options.silent) shellEvents.emit('notify:error', msg);
  }
  throw new RequestError(code, msg, answer.status, answer.body?.data ?? null);
}
