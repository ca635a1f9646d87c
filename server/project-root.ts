import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Whether `dir` holds the project's package.json: one with a name (dist-server's only says its module type). */
function isProjectRoot(dir: string): boolean {
  try {
    return typeof (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'string';
  } catch {
    return false;
  }
}

/** The nearest folder at or above `from` that holds the project's package.json. */
function projectRootFrom(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (isProjectRoot(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The project's folder, whether this code runs from server/ (tsx) or from the compiled dist-server/. */
export const PROJECT_ROOT = projectRootFrom(import.meta.dirname);
