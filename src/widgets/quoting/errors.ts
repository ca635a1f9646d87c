/** The message of what the console's request client rejected with (the server's Chinese `msg`), else a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** The envelope code a request was refused with (409, 429…), if any. */
export function codeOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = Number(error.code);
    return Number.isFinite(code) ? code : undefined;
  }
  return undefined;
}
