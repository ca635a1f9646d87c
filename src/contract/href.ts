/** Only web and console links are drawn as links; anything else (javascript:, data:) stays text. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return /^(https?:\/\/|\/(?!\/))/i.test(value) ? value : null;
}
