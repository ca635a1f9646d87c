const DEVTOOLS_CHECK_MS = 500;
/** How far the window may exceed the page it shows before docked dev tools are assumed. */
const DEVTOOLS_GAP = 160;
const FORBIDDEN_PATH = '/403';

/** The parts of a window the detector reads and acts on. */
export type DetectorWindow = Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight' | 'close' | 'closed'> & {
  location: Pick<Location, 'pathname' | 'replace'>;
};

/**
 * Checks every 500 ms for docked dev tools (the window much larger than its page) and then leaves:
 * closes the window where a script may, else goes to /403. Undocked dev tools and browser side
 * panels fool it, one reason it is behind settings.devToolsDetector. Returns the stop function.
 */
export function startDevToolsDetector(win: DetectorWindow = window): () => void {
  const timer = setInterval(() => {
    const open = win.outerWidth - win.innerWidth > DEVTOOLS_GAP || win.outerHeight - win.innerHeight > DEVTOOLS_GAP;
    // On /403 already: leaving again would reload the page in a loop.
    if (!open || win.location.pathname === FORBIDDEN_PATH) return;
    clearInterval(timer);
    win.close();
    if (!win.closed) win.location.replace(FORBIDDEN_PATH);
  }, DEVTOOLS_CHECK_MS);
  return () => clearInterval(timer);
}
