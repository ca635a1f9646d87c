/**
 * Packages loaded at their first use instead of as the server starts: an `import` runs a package's
 * code with the module that names it, at every start, even when only some request calls it.
 *
 * A call site writes `atFirstUse('pkg', () => require('pkg'))`. In the compiled server
 * (scripts/build-server.ts), a CommonJS script, esbuild compiles the package into the bundle for
 * that `require` and runs its code where the `require` is, at the first call. The ES sources run
 * by tsx have no `require`; there the package is required by its name instead.
 */
import { createRequire } from 'node:module';

const requireByName = createRequire(import.meta.url);

/** The package's exports, loaded at the first call of the function returned. */
export function atFirstUse<T>(name: string, compiledIn: () => unknown): () => T {
  let loaded: { exports: T } | undefined;
  return () => {
    loaded ??= { exports: (typeof require === 'function' ? compiledIn() : requireByName(name)) as T };
    return loaded.exports;
  };
}
