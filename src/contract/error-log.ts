/**
 * The error log's plain values, apart from its schemas (api/client-errors.ts): the console's entry
 * chunk uses them, and must not bring the schema library along.
 */

/** Who may read the errors the browsers reported. */
export const ERROR_LOG_PERMISSION = 'errorlog:view';

/**
 * Longest kept text of each field, in characters. The server cuts longer text rather than refuse it:
 * a report is worth having even when its stack is huge; the browser cuts too, to send less.
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2000, userAgent: 512 } as const;

/** Entries in one report: the browser batches, and one request cannot carry a flood. */
export const CLIENT_ERROR_BATCH = 20;
