/**
 * Runs before `npm start`: builds the front end and compiles the server when either has no build, or
 * when its sources are newer than the build, so a fresh clone (or a pull) serves the code it contains.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { bundleServer, SERVER_BUNDLE, SERVER_ENTRY } from './build-server';

const root = path.resolve(import.meta.dirname, '..');

function newest(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/** Whether `output` is missing or older than any of `sources`; says which when it is. */
function stale(what: string, output: string, sources: string[]): boolean {
  const built = fs.statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (built !== 0 && changed <= built) return false;
  console.log(built === 0 ? `Building the ${what} (first start)…` : `The ${what}'s sources changed since the last build: rebuilding…`);
  return true;
}

if (stale('console', path.join(root, 'dist', 'index.html'), ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'])) {
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
if (stale('server', SERVER_BUNDLE, ['server', 'src/contract', 'schemas', 'package.json', 'scripts/build-server.ts', 'scripts/bundle-loader.ts', 'scripts/package-edits.ts', 'scripts/route-code.ts'])) {
  await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
}
