/** The one answer shape every HTTP endpoint speaks (spec §7 response contract). */
export interface Envelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
}

/** Codes the server writes. 205 and 402 are body codes with their own meaning (spec §8). */
export const Code = {
  ok: 200,
  locked: 205,
  badRequest: 400,
  unauthorized: 401,
  tokenExpired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  serverError: 500,
  unavailable: 503,
} as const;

/** Success codes the client accepts, read from the body or else the HTTP status (spec §7). */
export const SUCCESS_CODES: ReadonlyArray<number | string> = [200, 0, '200', '0'];

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(code as number | string);
}

/**
 * HTTP status to send with a body code: 4xx/5xx codes are mirrored; everything else travels on
 * HTTP 200 (205 above all: a real HTTP 205 may carry no body).
 */
export function httpStatusFor(code: number): number {
  return code >= 400 && code <= 599 ? code : 200;
}
