/**
 * A published screen arrives as a fresh JSON document. These helpers let the console tell which of
 * its parts really changed, so a redraw keeps the state (a form's input, a list's filters) of every
 * part whose structure is the same, whatever the screen's version says.
 */

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `next`, reusing the objects of `previous` wherever they are deep-equal to the matching part of
 * `next`: unchanged parts keep their identity (memoised children skip, schema caches hit), changed
 * ones are new.
 */
export function shareUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(next) && Array.isArray(previous)) {
    const items = next.map((item, i) => shareUnchanged(previous[i], item));
    return (items.length === previous.length && items.every((item, i) => item === previous[i]) ? previous : items) as T;
  }
  if (isPlain(next) && isPlain(previous)) {
    const keys = Object.keys(next);
    const entries = keys.map((key) => [key, shareUnchanged(previous[key], next[key])] as const);
    const same = keys.length === Object.keys(previous).length && entries.every(([key, value]) => key in previous && value === previous[key]);
    return (same ? previous : Object.fromEntries(entries)) as T;
  }
  return next;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlain(value)) {
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short key naming a value's structure: equal for deep-equal values, whatever their key order. */
export function structureKey(value: unknown): string {
  // FNV-1a over the canonical JSON: a React key, not a security boundary.
  const text = canonical(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}-${text.length.toString(36)}`;
}
