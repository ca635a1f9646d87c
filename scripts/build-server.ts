/**
 * Compiles the server once (`npm run build`, and `npm start` when its sources changed) into one
 * minified script that Node runs as it is: no start pays for transpiling TypeScript or for
 * resolving and reading some 400 package files one by one. The script is a classic one (CommonJS),
 * started by a small ES module loader from a V8 code cache (scripts/bundle-loader.ts), so a
 * restart does not parse and compile it again either.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { routeCodeModule } from './route-code';

const root = path.resolve(import.meta.dirname, '..');

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.js');

/**
 * Left in node_modules: native addons, optional native helpers, and large packages loaded only
 * when used (spreadsheets, the password dictionary, Redis, PostgreSQL, the HTML sanitizer), which
 * would otherwise be parsed at every start. better-sqlite3's JavaScript is compiled in; its addon
 * is loaded by path (server/db/open.ts).
 */
const EXTERNAL = [
  '@node-rs/argon2',
  'sanitize-html',
  'bufferutil',
  'utf-8-validate',
  'pg-native',
  'pg',
  'ioredis',
  'exceljs',
  '@zxcvbn-ts/language-common',
];

/**
 * Packages compiled in that read their own files beside them (the API docs page's assets): their
 * `__dirname` is where they are installed, found at run time, not the bundle's folder.
 */
const OWN_FILES = ['@fastify/swagger-ui'];

const installedDirname: Plugin = {
  name: 'installed-dirname',
  setup(build) {
    const filter = new RegExp(`node_modules/(${OWN_FILES.join('|')})/.*\\.js$`);
    build.onLoad({ filter }, async (args) => {
      const [, name, inside] = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(args.path)!;
      const folder = JSON.stringify(path.posix.dirname(inside));
      const source = await fs.promises.readFile(args.path, 'utf8');
      // The name goes through a variable: a literal would make esbuild try to compile it in.
      const manifest = `var __installed = ${JSON.stringify(`${name}/package.json`)};`;
      const dirname = `var __dirname = require("node:path").join(require("node:path").dirname(require.resolve(__installed)), ${folder});`;
      return { contents: `${manifest}${dirname}\n${source}`, loader: 'js' };
    });
  },
};

/**
 * find-my-way compiles functions with `new Function` as each route is added: a matcher for every
 * static part of its path, for a route with parameters the function that builds their object, and
 * for every path the function that picks its handler by constraints (host, version), compiled again
 * at each handler added to the path: Fastify's 404 routes alone add one per HTTP method. Several
 * hundred compiles at every start (a code cache does not keep them), for routes most starts never
 * serve, and the constraint picker is only called for a request with constraints. These edits
 * compile the same functions at their first call instead. The build fails if find-my-way's source
 * no longer reads as expected, rather than bundling it unchanged.
 */
const LAZY_ROUTER_COMPILES: ReadonlyArray<{ file: string; from: string; to: string }> = [
  {
    file: 'lib/node.js',
    from: `  const lines = []
  for (let i = 1; i < prefix.length; i++) {
    const charCode = prefix.charCodeAt(i)
    lines.push(\`path.charCodeAt(i + \${i}) === \${charCode}\`)
  }
  return new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`) // eslint-disable-line`,
    to: `  let compiled = null
  return function matchPrefix (path, i) {
    if (compiled === null) {
      const lines = []
      for (let j = 1; j < prefix.length; j++) lines.push(\`path.charCodeAt(i + \${j}) === \${prefix.charCodeAt(j)}\`)
      compiled = new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`)
    }
    return compiled(path, i)
  }`,
  },
  {
    file: 'lib/handler-storage.js',
    from: `      _createParamsObject: this._compileCreateParamsObject(params)`,
    to: `      _createParamsObject: ((storage, compiled) => function _createParamsObject (p0, p1, p2, p3, extra) {
        if (compiled === null) compiled = storage._compileCreateParamsObject(params)
        return compiled(p0, p1, p2, p3, extra)
      })(this, null)`,
  },
  {
    file: 'lib/handler-storage.js',
    from: `    if (!isMergedTree) {
      this._compileGetHandlerMatchingConstraints(constrainer, constraints)
    }`,
    to: `    if (!isMergedTree) {
      this._getHandlerMatchingConstraints = function compileThenMatch (derivedConstraints) {
        this._compileGetHandlerMatchingConstraints(constrainer, constraints)
        return this._getHandlerMatchingConstraints(derivedConstraints)
      }
    }`,
  },
];

const lazyRouterCompiles: Plugin = {
  name: 'lazy-router-compiles',
  setup(build) {
    build.onLoad({ filter: /node_modules[\\/]find-my-way[\\/]lib[\\/](node|handler-storage)\.js$/ }, async (args) => {
      let source = await fs.promises.readFile(args.path, 'utf8');
      const file = args.path.split(path.sep).join('/');
      for (const edit of LAZY_ROUTER_COMPILES.filter((e) => file.endsWith(`find-my-way/${e.file}`))) {
        if (!source.includes(edit.from)) throw new Error(`${args.path} does not read as scripts/build-server.ts expects`);
        source = source.replace(edit.from, edit.to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * Packages that require, as they load, what they only call to answer a request of a kind a start
 * never makes before its first login; each is required at its first use instead (CPU time of every
 * start, in parentheses):
 * - @fastify/static: glob (with path-scurry, lru-cache and minipass, 4 ms), to list a folder when
 *   each file is a route of its own, which the console never asks for (server/http/spa.ts,
 *   `serve: false`); @fastify/send (with mime, http-errors and their tables, 3 ms), to send a file;
 * - @fastify/multipart: busboy (3 ms), to read an upload;
 * - ws: node:zlib, to compress a frame when a client and the server agree on permessage-deflate,
 *   which the console's socket server never offers.
 * As with find-my-way's edits, the build fails if a package no longer reads as expected.
 */
const LAZY_REQUIRES: ReadonlyArray<{ file: string; from: string; to: string }> = [
  {
    file: '@fastify/static/index.js',
    from: `const { glob } = require('glob')`,
    to: `const glob = (...args) => require('glob').glob(...args)`,
  },
  {
    file: '@fastify/static/index.js',
    from: `const send = require('@fastify/send')`,
    to: `let loadedSend = null
function loadSend () {
  if (loadedSend === null) {
    loadedSend = require('@fastify/send')
    loadedSend.mime.default_type = 'application/octet-stream'
  }
  return loadedSend
}
const send = Object.defineProperties((...args) => loadSend()(...args), {
  mime: { get: () => loadSend().mime },
  isUtf8MimeType: { get: () => loadSend().isUtf8MimeType }
})`,
  },
  { file: '@fastify/static/index.js', from: `\nsend.mime.default_type = 'application/octet-stream'\n`, to: '\n' },
  {
    file: '@fastify/multipart/index.js',
    from: `const Busboy = require('@fastify/busboy')`,
    // Called with `new`: the object it returns is what `new` gives.
    to: `const Busboy = function LazyBusboy (options) { return new (require('@fastify/busboy'))(options) }`,
  },
  {
    file: 'ws/lib/permessage-deflate.js',
    from: `const zlib = require('zlib');`,
    // Only properties are read off it (its functions and constants), each at its use.
    to: `const zlib = new Proxy({}, { get: (_, name) => require('zlib')[name] });`,
  },
];

const lazyRequires: Plugin = {
  name: 'lazy-requires',
  setup(build) {
    const files = [...new Set(LAZY_REQUIRES.map((edit) => edit.file))];
    const filter = new RegExp(`node_modules/(${files.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$`);
    build.onLoad({ filter }, async (args) => {
      let source = await fs.promises.readFile(args.path, 'utf8');
      const file = args.path.split(path.sep).join('/');
      for (const edit of LAZY_REQUIRES.filter((e) => file.endsWith(`node_modules/${e.file}`))) {
        if (!source.includes(edit.from)) throw new Error(`${args.path} does not read as scripts/build-server.ts expects`);
        source = source.replace(edit.from, edit.to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * depd (http-errors' deprecation notices, through @fastify/static) reads the stack of its caller
 * when it is first required, to name where a deprecated call came from: locating a frame in the
 * 3 MB bundle first computes where each of its lines starts, several milliseconds of every start.
 * Its one use here, a notice for a status code outside 4xx and 5xx, is given as a plain
 * DeprecationWarning instead (still silenced by --no-deprecation).
 */
const depdWithoutStack: Plugin = {
  name: 'depd-without-stack',
  setup(build) {
    build.onResolve({ filter: /^depd$/ }, () => ({ path: 'depd', namespace: 'depd-without-stack' }));
    build.onLoad({ filter: /.*/, namespace: 'depd-without-stack' }, () => ({
      contents: 'module.exports = (namespace) => (message) => process.emitWarning(`${namespace} deprecated ${message}`, "DeprecationWarning");',
      loader: 'js',
    }));
  },
};

/**
 * The console's own sources with every character past ASCII written as a `\u` escape. esbuild
 * escapes such characters in strings and plain templates but keeps them in regular expressions and
 * tagged templates (reconciliation's header and amount rules, a quoting notice): one of them makes
 * the whole 3 MB bundle a two-byte string, decoded from UTF-8 at every start (9 ms of a restart's
 * CPU) and kept at twice the memory for the process's life, where an ASCII bundle is read as
 * Latin-1 (scripts/bundle-loader.ts). An escape means the same character in a regular expression, a
 * string, a template's text and a comment; only a tag that reads `strings.raw` would see it spelled
 * out, and none does. Source maps point at the escaped text, the same lines.
 */
const asciiSources: Plugin = {
  name: 'ascii-sources',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!/^(server|src)$/.test(path.relative(root, args.path).split(path.sep)[0])) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      // A character escaped as itself (`\，`) loses that backslash: its `\u` escape means the same.
      const escaped = source.replace(/(\\*)([^\0-\x7f])/g, (_, slashes: string, c: string) => {
        const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
        return `${kept}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      });
      return { contents: escaped, loader: 'ts' };
    });
  },
};

/** Fails the build when a package bundled in brings non-ASCII text of its own (see asciiSources). */
function assertAscii(bundle: string): void {
  const code = fs.readFileSync(bundle, 'latin1');
  const at = code.search(/[^\0-\x7f]/);
  if (at !== -1) {
    const context = fs.readFileSync(bundle, 'utf8').slice(Math.max(0, at - 80), at + 40);
    throw new Error(`${bundle} is not ASCII near: ${context}\nEscape that package's text too (scripts/build-server.ts, asciiSources).`);
  }
}

/** The login's validator and serializers, compiled now rather than at a restart's first login (scripts/route-code.ts). */
const precompiledRoutes: Plugin = {
  name: 'precompiled-routes',
  setup(build) {
    build.onLoad({ filter: /server[\\/]http[\\/]route-code-precompiled\.ts$/ }, () => ({ contents: routeCodeModule(), loader: 'js' }));
  },
};

/**
 * Bundles one server entry (the console, or a benchmark's baseline) to `<name>.cjs`, and writes
 * `outfile` (`<name>.js`), the loader Node runs. The entry may not use top-level await (a classic
 * script has none); it may export `ready`, a promise of the started server, after which the
 * loader writes the code cache. An old cache is removed: it belongs to the previous bundle.
 */
export async function bundleServer(entry: string, outfile: string): Promise<void> {
  const bundle = outfile.replace(/\.js$/, '.cjs');
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    plugins: [precompiledRoutes, asciiSources, installedDirname, lazyRouterCompiles, lazyRequires, depdWithoutStack],
    // What an ES module would know of itself; the loader passes these in.
    // import() of a package left in node_modules becomes require(): a script run through vm.Script
    // has no module loader of its own for import() without an experimental flag.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__bundle_url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    minifyWhitespace: true,
    minifySyntax: true,
    // Kept beside the bundle rather than at its end, where esbuild leaves their text unescaped.
    legalComments: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  assertAscii(bundle);
  fs.rmSync(`${bundle}.cache`, { force: true });
  const hash = createHash('sha1').update(fs.readFileSync(bundle)).digest('hex');
  await build({
    absWorkingDir: root,
    entryPoints: ['scripts/bundle-loader.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    define: { __BUNDLE_HASH__: JSON.stringify(hash), 'import.meta.filename': '__filename' },
    logLevel: 'warning',
  });
  // The loader is CommonJS too: starting Node's ES module loader for one file cost more than the file.
  fs.writeFileSync(path.join(path.dirname(outfile), 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
}

if (process.argv[1] === import.meta.filename) await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
