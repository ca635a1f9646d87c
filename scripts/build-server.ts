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
import { packageEdits } from './package-edits';
import { routeCodeModule } from './route-code';

const root = path.resolve(import.meta.dirname, '..');

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.js');

/**
 * Left in node_modules: native addons, optional native helpers, and large packages loaded only
 * when used (spreadsheets, the password dictionary, Redis, PostgreSQL, the HTML sanitizer, the API
 * docs with their YAML writer and page, and glob, which the build's edit to @fastify/static never
 * calls), which would otherwise be parsed, or read from the bundle (a tenth of it), at every
 * start. better-sqlite3's JavaScript is compiled in; its addon is loaded by path (server/db/open.ts),
 * and argon2's platform build by its package's name (server/auth/passwords.ts).
 */
const EXTERNAL = [
  'sanitize-html',
  'bufferutil',
  'utf-8-validate',
  'pg-native',
  'pg',
  'ioredis',
  'exceljs',
  '@zxcvbn-ts/language-common',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'glob',
];

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
 * loader writes the code cache (not when it resolves to `{ typical: false }`: scripts/bundle-loader.ts).
 * An old cache is removed: it belongs to the previous bundle.
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
    plugins: [precompiledRoutes, asciiSources, packageEdits, depdWithoutStack],
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
