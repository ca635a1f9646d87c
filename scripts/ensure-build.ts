/**
 * Runs before `npm start`: builds the front end when there is no build, or when the sources are
 * newer than it, so a fresh clone (or a pull) serves the console it contains.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'index.html');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (built === 0 || changed > built) {
  console.log(built === 0 ? 'Building the console (first start)…' : 'Sources changed since the last build: rebuilding…');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
