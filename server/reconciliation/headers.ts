/** Finding the header row of a platform file and which column holds each field of its column map. */
import type { ColumnMap } from './file-kinds';
import type { TextRows } from './read-table';

/** Rows searched for the header: platforms put titles, dates and explanations above it. */
export const HEADER_SEARCH_ROWS = 20;

/**
 * A header as compared: full-width forms folded (（元） → (元)), 帐 read as 账 (the files spell it
 * both ways), and spaces, BOMs and stray quotes dropped.
 */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/帐/g, '账')
    .replace(/[\s\uFEFF"'*]/g, '');
}

export interface HeaderMatch {
  /** Index of the header row in the file's rows. */
  row: number;
  /** Column indexes of each field found, in alias order (a fee may sum several columns). */
  columns: Record<string, number[]>;
}

function matchRow(cells: string[], map: ColumnMap): Record<string, number[]> {
  const position = new Map<string, number>();
  cells.forEach((cell, i) => {
    const header = normalizeHeader(cell);
    if (header && !position.has(header)) position.set(header, i);
  });
  const columns: Record<string, number[]> = {};
  for (const [field, aliases] of Object.entries(map)) {
    const found = aliases.map((alias) => position.get(normalizeHeader(alias))).filter((at) => at !== undefined);
    if (found.length > 0) columns[field] = [...new Set(found)];
  }
  return columns;
}

/** The row among the first twenty that names every required field and the most fields overall; null when none does. */
export function findHeader(rows: TextRows, map: ColumnMap, required: string[]): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  let bestCount = 0;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((cells, row) => {
    const columns = matchRow(cells, map);
    const count = Object.keys(columns).length;
    if (required.every((field) => field in columns) && count > bestCount) {
      best = { row, columns };
      bestCount = count;
    }
  });
  return best;
}
