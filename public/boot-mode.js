/*
 * Runs before the console's own code (a blocking classic script in index.html's head; the CSP allows
 * no inline script): marks <html> with the saved colour mode, and as a guest's when nobody is signed
 * in, so the first loader (src/shell/loading/frame-skeleton.css) draws the console's frame in the
 * shade the console will have, or nothing before the sign-in page, and the page does not flash.
 * The keys and the dark rule are src/contract/settings.ts's and theme.ts's colorMode();
 * tests/unit/shell/boot-mode.test.ts holds them together. A classic script, not a module: it runs first.
 */
(function () {
  var root = document.documentElement;
  try {
    var theme = JSON.parse(localStorage.getItem('shop-vite-theme') || '{}') || {};
    // Only the default theme has a dark mode; a theme saved without a name is the default one.
    var dark = theme.colorMode === 'dark' && (theme.themeName === undefined || theme.themeName === 'default');
    root.setAttribute('data-boot-mode', dark ? 'dark' : 'light');
    // The token is kept in whichever storage settings.storage names.
    if (!localStorage.getItem('shop-vite-token') && !sessionStorage.getItem('shop-vite-token')) root.setAttribute('data-boot-guest', '');
  } catch {
    // No storage (disabled, or a hand-edited theme that is not JSON): the light frame.
    root.setAttribute('data-boot-mode', 'light');
  }
})();
