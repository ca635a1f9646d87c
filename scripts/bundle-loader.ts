/**
 * The compiled server's `main.js`: runs the bundle beside it (`main.cjs`) from a V8 code cache.
 *
 * Parsing and compiling a 3 MB bundle was a third of a start's CPU time. Node 20 has no
 * module.enableCompileCache, but a classic script compiled through vm.Script can be given the
 * code V8 produced for it last time. The cache is written beside the bundle by the first start
 * without one (once it listens, so it holds every function a start compiles, and again as it
 * exits, with what its requests compiled), unless that start says it was not a typical one
 * (`ready` resolved to `{ typical: false }`: it migrated or seeded the database). The code only
 * such a start runs would be carried in the cache and deserialized by every later start (a
 * restart's cache was a sixth smaller, 14 M instructions less to its first login), so the next
 * start writes it instead. The cache belongs to one build: its header is the bundle's hash, which
 * the build bakes into this loader. A cache from another build, or one V8 refuses (another Node
 * version or flags), is replaced; a folder that cannot be written only costs the cache.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** The bundle's SHA-1, set by scripts/build-server.ts when it compiles this loader. */
declare const __BUNDLE_HASH__: string;

const bundle = import.meta.filename.replace(/\.js$/, '.cjs');
const cacheFile = `${bundle}.cache`;
const header = Buffer.from(`${__BUNDLE_HASH__}\n`);

/** The cache of this very bundle, or nothing. */
function readCache(): Buffer | undefined {
  try {
    const file = fs.readFileSync(cacheFile);
    return file.subarray(0, header.length).equals(header) ? file.subarray(header.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary name and renamed, so a process starting meanwhile never reads half a cache. */
function writeCache(script: vm.Script): void {
  const temporary = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([header, script.createCachedData()]));
    fs.renameSync(temporary, cacheFile);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}

const cachedData = readCache();
// Latin-1: the build makes the bundle ASCII (scripts/build-server.ts), so its text is one byte a
// character, which reads without decoding UTF-8 and stays a one-byte string.
const source = fs.readFileSync(bundle, 'latin1');
// Strict like the ES module the bundle was compiled from; the parameters stand for what a
// module would have (import.meta.url is compiled to __bundle_url).
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __bundle_url) {'use strict';${source}\n})`, {
  filename: bundle,
  cachedData,
});
const module = { exports: {} as { ready?: Promise<{ typical?: boolean } | undefined> } };
(script.runInThisContext() as (...args: unknown[]) => void)(
  module.exports,
  createRequire(bundle),
  module,
  bundle,
  path.dirname(bundle),
  pathToFileURL(bundle).href,
);
if (!cachedData || script.cachedDataRejected) {
  void Promise.resolve(module.exports.ready).then(
    (started) => {
      if (started?.typical === false) return;
      setImmediate(() => writeCache(script));
      // Written again as this first process ends, with what its requests compiled (a login's
      // handlers among them): once per build, so the cache stops growing after that.
      process.once('exit', () => writeCache(script));
    },
    () => undefined,
  );
}
