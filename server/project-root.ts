import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `from` that holds package.json. */
function projectRootFrom(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The project's folder, whether this code runs from server/ (tsx) or from the compiled dist-server/. */
export const PROJECT_ROOT = projectRootFrom(import.meta.dirname);
