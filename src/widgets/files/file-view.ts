/**
 * 文件管理's pure parts: what it lists, sizes as people read them, what a preview can show, the
 * folder tree of the move dialog.
 */
import { extensionOf, fileKindOf, TEXT_EXTENSIONS, type FileKind, type FileRow, type FolderRow } from '../../contract/api/files';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 0 B, 512 B, 1.5 KB, 12 MB: one decimal below ten, none above. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}

export type PreviewKind = 'image' | 'text' | null;

/** Images show in the picture viewer, text as it is; anything else downloads. */
export function previewOf(name: string): PreviewKind {
  if (fileKindOf(name) === 'image') return 'image';
  return TEXT_EXTENSIONS.includes(extensionOf(name)) ? 'text' : null;
}

/** How much of a text file a preview shows. */
export const TEXT_PREVIEW_BYTES = 64 * 1024;

export interface FolderNode {
  key: number;
  title: string;
  children: FolderNode[];
}

/**
 * The team's folders as a tree, by name, leaving out `moving` and everything below it (a folder
 * cannot go into itself).
 */
export function folderTree(rows: ReadonlyArray<{ id: number; parent_id: number | null; name: string }>, moving?: number): FolderNode[] {
  const children = new Map<number | null, FolderNode[]>();
  const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name, 'zh-Hans-CN', { numeric: true }));
  const nodes = new Map(sorted.map((row) => [row.id, { key: row.id, title: row.name, children: [] as FolderNode[] }]));
  for (const row of sorted) {
    if (row.id === moving) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(nodes.get(row.id)!);
    children.set(row.parent_id, list);
  }
  for (const [parent, list] of children) if (parent !== null && nodes.has(parent)) nodes.get(parent)!.children = list;
  // A folder whose parent is gone (or is the one moving) hangs nowhere.
  return children.get(null) ?? [];
}

/** The message key naming each kind the type filter offers. */
export const KIND_LABELS = {
  image: 'goodsFilesKindImage',
  doc: 'goodsFilesKindDoc',
  sheet: 'goodsFilesKindSheet',
  archive: 'goodsFilesKindArchive',
  other: 'goodsFilesKindOther',
} as const satisfies Record<FileKind, string>;

/** A row of the table or a tile of the grid: folders first, then files, each in the server's order. */
export type Entry = { type: 'folder'; key: string; row: FolderRow } | { type: 'file'; key: string; row: FileRow };

export const entriesOf = (folders: readonly FolderRow[], files: readonly FileRow[]): Entry[] => [
  ...folders.map((row) => ({ type: 'folder' as const, key: `d${row.id}`, row })),
  ...files.map((row) => ({ type: 'file' as const, key: `f${row.id}`, row })),
];
