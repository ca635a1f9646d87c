import type { MessageKey } from './messages';

/**
 * The one error type of the server. A handler throws it; the error handler turns it into the
 * envelope, in the caller's language, with the HTTP status mirroring the code.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** What the caller needs to fix it (e.g. each problem of a refused screen); null when the message says it all. */
    readonly data: unknown = null,
    /** What went wrong underneath, for the server's log (the caller is told only the message). */
    options?: ErrorOptions,
  ) {
    super(key, options);
    this.name = 'ApiError';
  }
}
