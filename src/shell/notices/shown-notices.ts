/**
 * Ids of the notices already popped up in this browser session: a notice pops up once, even
 * across reloads, and stays in the bell until it is closed.
 */
const KEY = 'shop-vite-notices-shown';

function read(): Set<number> {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

export function wasShown(id: number): boolean {
  return read().has(id);
}

export function markShown(id: number): void {
  sessionStorage.setItem(KEY, JSON.stringify([...read().add(id)]));
}

/** Forgets the ids no longer open, so the list stays as short as the server's. */
export function keepShown(open: readonly number[]): void {
  const shown = read();
  sessionStorage.setItem(KEY, JSON.stringify(open.filter((id) => shown.has(id))));
}
