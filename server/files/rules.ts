/**
 * 文件管理's rules, pure: which folders lie below one, how many files a folder holds with everything
 * below it, the order rows are listed in, and how a download is typed and named. What a name may be
 * is the contract's checkName, which the name dialog runs too.
 */
import { extensionOf, type FileSort } from '../../src/contract/api/files';
import { FILE_TYPES } from '../../src/contract/upload';

interface FolderLink {
  id: number;
  parent_id: number;
}

/** The folder and every folder below it, by id. */
export function subtreeOf(folders: readonly FolderLink[], root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const folder of folders) children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder.id]);
  const found = new Set<number>();
  const queue = [root];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}

/** Files in each folder counting every folder below it, from the files directly in each. */
export function nestedCounts(folders: readonly FolderLink[], direct: ReadonlyMap<number, number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const folder of folders) {
    let total = 0;
    for (const id of subtreeOf(folders, folder.id)) total += direct.get(id) ?? 0;
    counts.set(folder.id, total);
  }
  return counts;
}

/** The folders from the top down to `id`, itself included; a loop or a missing parent ends the walk. */
export function pathTo<T extends FolderLink>(folders: readonly T[], id: number): T[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: T[] = [];
  for (let folder = byId.get(id); folder && !path.includes(folder); folder = byId.get(folder.parent_id)) path.unshift(folder);
  return path;
}

/**
 * Content-Disposition of a download: the name in UTF-8 (RFC 6266 / 5987) for every browser that
 * reads it, and a plain-ASCII stand-in for those that do not.
 */
export function attachmentOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The type a file is served as, by its name: only the upload allow-list's types (nothing a browser
 * runs or renders as a page), text in UTF-8, anything else as bytes to save.
 */
export function contentTypeOf(name: string): string {
  const ext = extensionOf(name);
  if (!Object.hasOwn(FILE_TYPES, ext)) return 'application/octet-stream';
  const type: string = FILE_TYPES[ext as keyof typeof FILE_TYPES];
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

interface Sortable {
  name: string;
  updated_at: number;
}

/**
 * Rows in the order asked: by name as Chinese readers expect (pinyin), by size, or by time, ties
 * by name. `sizeOf` says what a row's size is (a folder's: the files it holds).
 */
export function sortRows<T extends Sortable>(rows: readonly T[], sort: FileSort, order: 'asc' | 'desc', sizeOf: (row: T) => number): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'zh-Hans-CN', { numeric: true });
  const key = sort === 'size' ? (a: T, b: T) => sizeOf(a) - sizeOf(b) : sort === 'updated_at' ? (a: T, b: T) => a.updated_at - b.updated_at : byName;
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * key(a, b) || byName(a, b));
}
