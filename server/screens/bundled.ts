import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkScreen } from '../../src/contract/screen-check';
import type { Screen, ScreenProblem } from '../../src/contract/screen';
import { PROJECT_ROOT } from '../project-root';

export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'schemas');
const META_SCHEMA = 'screen.schema.json';

export interface BundledScreens {
  get(id: string): Screen | undefined;
  all(): Screen[];
  /** Files that failed their check, with the problems; a test keeps this empty. */
  refused: ReadonlyArray<{ file: string; problems: ScreenProblem[] }>;
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => path.relative(dir, file) !== META_SCHEMA)
    .sort();
}

/**
 * The screens shipped in schemas/, one file per screen named after its vue_path
 * (schemas/goods/list.json serves `goods/list`). Read once, when a screen is first asked for, not
 * at start (reading and checking them all was a tenth of a restart); a file that fails its check is
 * left out and reported, so one bad file cannot take the others down.
 */
export function loadBundledScreens(dir = SCHEMAS_DIR): BundledScreens {
  let loaded: BundledScreens | undefined;
  const load = () => (loaded ??= readBundledScreens(dir));
  return {
    get: (id) => load().get(id),
    all: () => load().all(),
    get refused() {
      return load().refused;
    },
  };
}

function readBundledScreens(dir: string): BundledScreens {
  const screens = new Map<string, Screen>();
  const refused: { file: string; problems: ScreenProblem[] }[] = [];
  for (const file of jsonFiles(dir)) {
    const relative = path.relative(dir, file);
    const id = relative.slice(0, -'.json'.length).split(path.sep).join('/');
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      refused.push({ file: relative, problems: [{ path: '/', message: (error as Error).message }] });
      continue;
    }
    const check = checkScreen(value);
    if (!check.ok) refused.push({ file: relative, problems: check.problems });
    else if (check.screen.id !== id) refused.push({ file: relative, problems: [{ path: '/id', message: `id must be "${id}", the file's path` }] });
    else screens.set(id, check.screen);
  }
  return { get: (id) => screens.get(id), all: () => [...screens.values()], refused };
}
