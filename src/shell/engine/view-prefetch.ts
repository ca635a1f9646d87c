/** Reads a screen's opening data ahead; answers when it has arrived, or undefined when nothing was asked. */
export type ViewPrefetcher = (vuePath: string) => Promise<unknown> | undefined;

/**
 * The engine's read-ahead, registered once its code has loaded (EngineHostAdapter): until a screen
 * has been opened there is nothing to read ahead. A slot rather than an import, so the menus that
 * read ahead (tabs/open-page) do not pull the engine into the console frame's chunk.
 */
let prefetcher: ViewPrefetcher | undefined;

export function setViewPrefetcher(next: ViewPrefetcher): void {
  prefetcher = next;
}

export function viewPrefetcher(): ViewPrefetcher | undefined {
  return prefetcher;
}
