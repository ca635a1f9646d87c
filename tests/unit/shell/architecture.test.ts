import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLocalModule } from '../../support/local-module';

const SHELL = resolve(__dirname, '../../../src/shell');

/** Every import of a module path: static, re-export, side-effect and dynamic, type-only included. */
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}


/** A shell file's folder: its first folder under src/shell, or the file itself at the top. */
const folderOf = (file: string) => relative(SHELL, file).split(sep)[0];

/** The shell's folder graph: for each pair of folders, the file imports that draw an arrow between them. */
function folderArrows(): Map<string, Map<string, string[]>> {
  const arrows = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SHELL)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveLocalModule(file, match[1] ?? match[2] ?? match[3]);
      if (!target?.startsWith(SHELL + sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const out = arrows.get(from) ?? new Map<string, string[]>();
      out.set(to, [...(out.get(to) ?? []), `${relative(SHELL, file)} → ${relative(SHELL, target)}`]);
      arrows.set(from, out);
    }
  }
  return arrows;
}

/** A cycle through the folder graph, as the folders on it, or undefined when the folders are layered. */
function findCycle(arrows: Map<string, Map<string, string[]>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder];
    if (done.has(folder)) return undefined;
    path.push(folder);
    for (const next of arrows.get(folder)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of arrows.keys()) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the shell’s folders', () => {
  const arrows = folderArrows();

  it('are found with their imports (the graph is not empty)', () => {
    expect(arrows.get('app')?.has('i18n')).toBe(true);
  });

  it('never import each other: no pair of folders has arrows both ways', () => {
    const both = [...arrows].flatMap(([from, out]) =>
      [...out.keys()].filter((to) => from < to && arrows.get(to)?.has(from)).map((to) => ({
        pair: `${from} ↔ ${to}`,
        there: out.get(to),
        back: arrows.get(to)?.get(from),
      })),
    );
    expect(both).toEqual([]);
  });

  it('are layered top-down: no chain of imports leads from a folder back to itself', () => {
    const cycle = findCycle(arrows);
    const files = cycle?.slice(1).map((to, i) => arrows.get(cycle[i])?.get(to)?.[0]);
    expect({ cycle, files }).toEqual({ cycle: undefined, files: undefined });
  });
});
