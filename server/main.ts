import { serve } from './serve';

/**
 * The server's entry, for tsx and for the compiled bundle. No top-level await: the bundle is a
 * classic script so Node can start it from a code cache (scripts/build-server.ts); its loader
 * waits for `ready` before it writes that cache, so the cache holds what a start compiles, and
 * leaves it to the next start when this one migrated or seeded (serve.ts, `Started`).
 */
export const ready = serve();
ready.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
