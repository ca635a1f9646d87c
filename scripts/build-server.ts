/**
 * Compiles the server once (`npm run build`, and `npm start` when its sources changed) into one
 * minified ES module that Node runs as it is: no start pays for transpiling TypeScript or for
 * resolving and reading some 400 package files one by one.
 */
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.js');

/**
 * Left in node_modules: native addons, packages that read their own files at run time, optional
 * native helpers, and large packages loaded only when used (spreadsheets, the password dictionary,
 * Redis, PostgreSQL), which would otherwise be parsed at every start.
 */
const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'bufferutil',
  'utf-8-validate',
  'pg-native',
  'pg',
  'ioredis',
  'exceljs',
  '@zxcvbn-ts/language-common',
];

/** Bundles one server entry (the console, or a benchmark's baseline) to an ES module Node runs directly. */
export async function bundleServer(entry: string, outfile: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has none.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
