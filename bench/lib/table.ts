import type { BenchRow } from './row';

export interface ReportedRow {
  benchmark: string;
  row: BenchRow;
}

const NONE = '-';

const amount = (n: number, unit: string) => `${n.toFixed(1)} ${unit}`;
// Budgets are round numbers chosen by people, so "200 KB" reads better than "200.0 KB".
const limit = (n: number, unit: string) => `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;

function budgetStatus({ value, unit, budget, floor }: BenchRow): string {
  if (floor !== undefined) return `${value >= floor ? 'ok ≥' : 'UNDER'} ${limit(floor, unit)}`;
  if (budget === undefined) return NONE;
  return `${value <= budget ? 'ok ≤' : 'OVER'} ${limit(budget, unit)}`;
}

const COLUMNS: ReadonlyArray<{ title: string; right?: boolean; cell: (r: ReportedRow) => string }> = [
  { title: 'benchmark', cell: (r) => r.benchmark },
  { title: 'figure', cell: (r) => r.row.name },
  { title: 'value', right: true, cell: (r) => amount(r.row.value, r.row.unit) },
  { title: 'baseline', right: true, cell: (r) => (r.row.baseline === undefined ? NONE : amount(r.row.baseline, r.row.unit)) },
  { title: 'ratio', right: true, cell: (r) => (r.row.baseline ? (r.row.value / r.row.baseline).toFixed(2) : NONE) },
  { title: 'baseline is', cell: (r) => r.row.baselineName ?? NONE },
  { title: 'budget', cell: (r) => budgetStatus(r.row) },
  { title: 'note', cell: (r) => r.row.note ?? '' },
];

/** A plain-text table, one line per figure, columns padded to their widest cell. */
export function formatTable(rows: ReadonlyArray<ReportedRow>): string {
  const cells = rows.map((r) => COLUMNS.map((c) => c.cell(r)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((line) => line[i].length)));
  const render = (line: string[]) =>
    line
      .map((text, i) => (COLUMNS[i].right ? text.padStart(widths[i]) : text.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [render(COLUMNS.map((c) => c.title)), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n');
}
