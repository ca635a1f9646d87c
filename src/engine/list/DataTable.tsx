import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { FlexRender, type Column, type Header, type ReactTable } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { ResourceRecord } from '../../contract/resource';
import { useEngineHost } from '../host';
import type { Density } from './column-settings';
import { TreeToggle } from './columns';
import { ACTIONS_COLUMN, SELECT_COLUMN, type ListFeatures, type ListRow } from './table-model';

type ListColumn = Column<ListFeatures, ResourceRecord, unknown>;
type ListTable = ReactTable<ListFeatures, ResourceRecord>;

/**
 * Row heights of each density, as its padding and one line of text give them. Rows are not measured:
 * they flow in the table between two spacers, so a taller row only shifts the rows below it, and
 * measuring each drawn row would force a layout per row while scrolling.
 */
export const ROW_HEIGHT: Record<Density, number> = { large: 55, middle: 47, small: 39 };

/** Sticky offsets of pinned columns, and which pinned column draws the edge shadow. */
interface Layout {
  style: Map<string, CSSProperties>;
  className: Map<string, string>;
  /** The unpinned column that takes the width left over when the columns are narrower than the table. */
  filler: string | undefined;
}

function layoutOf(columns: ListColumn[]): Layout {
  const style = new Map<string, CSSProperties>();
  const className = new Map<string, string>();
  const starts = columns.filter((c) => c.getIsPinned() === 'start');
  const ends = columns.filter((c) => c.getIsPinned() === 'end');
  // Stacking is the stylesheet's: header cells above body cells, pinned above unpinned.
  for (const c of starts) style.set(c.id, { insetInlineStart: c.getStart('start') });
  for (const c of ends) style.set(c.id, { insetInlineEnd: c.getAfter('end') });
  if (starts.length) className.set(starts.at(-1)!.id, 'is-pin-start-edge');
  if (ends.length) className.set(ends[0]!.id, 'is-pin-end-edge');
  const center = columns.filter((c) => !c.getIsPinned() && c.id !== SELECT_COLUMN && c.id !== ACTIONS_COLUMN);
  return { style, className, filler: center.at(-1)?.id };
}

const cellClass = (column: ListColumn, layout: Layout, base: string) => {
  const meta = column.columnDef.meta;
  const classes = [base, `align-${meta?.align ?? 'left'}`];
  if (meta?.ellipsis) classes.push('is-ellipsis');
  if (column.getIsPinned()) classes.push('is-pinned');
  const edge = layout.className.get(column.id);
  if (edge) classes.push(edge);
  return classes.join(' ');
};

/** The sort carets; with several sort columns, each sorted one shows its rank. */
function SortMark({ column, multi }: { column: ListColumn; multi: boolean }) {
  const sorted = column.getIsSorted();
  return (
    <span className="engine-sorter" aria-hidden>
      <CaretUpOutlined className={sorted === 'asc' ? 'is-active' : undefined} />
      <CaretDownOutlined className={sorted === 'desc' ? 'is-active' : undefined} />
      {sorted && multi && <sup>{column.getSortIndex() + 1}</sup>}
    </span>
  );
}

function HeaderCell({ header, layout, multi, extra }: { header: Header<ListFeatures, ResourceRecord, unknown>; layout: Layout; multi: boolean; extra?: ReactNode }) {
  const { t } = useEngineHost();
  const column = header.column;
  const sortable = column.getCanSort();
  const sorted = column.getIsSorted();
  return (
    <th
      className={cellClass(column, layout, 'engine-th')}
      style={layout.style.get(column.id)}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : sortable ? 'none' : undefined}
      data-column={column.id}
    >
      <div className="engine-th-inner">
        {sortable ? (
          <button type="button" className="engine-th-sort" title={t('sortHint')} onClick={column.getToggleSortingHandler()}>
            <span className="engine-th-title">
              <FlexRender header={header} />
            </span>
            <SortMark column={column} multi={multi} />
          </button>
        ) : (
          <span className="engine-th-title">
            <FlexRender header={header} />
          </span>
        )}
        {extra}
      </div>
    </th>
  );
}

interface HeadProps {
  table: ListTable;
  layout: Layout;
  /** Passed so the header redraws when they change; scrolling redraws the body only. */
  sorting: unknown;
  rowSelection: unknown;
  headerExtra: DataTableProps['headerExtra'];
}

const TableHead = memo(function TableHead({ table, layout, headerExtra }: HeadProps) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} layout={layout} multi={table.state.sorting.length > 1} extra={headerExtra?.(header.column)} />
          ))}
        </tr>
      ))}
    </thead>
  );
});

interface RowProps {
  row: ListRow;
  index: number;
  /** Passed so a row redraws when these change; memo skips every other row while scrolling. */
  selected: boolean;
  expanded: boolean;
  columnsKey: string;
  layout: Layout;
  treeColumn: string | undefined;
}

const BodyRow = memo(function BodyRow({ row, index, selected, layout, treeColumn }: RowProps) {
  return (
    <tr data-index={index} className={selected ? 'engine-tr is-selected' : 'engine-tr'} aria-selected={selected || undefined}>
      {row.getVisibleCells().map((cell) => {
        const content = <FlexRender cell={cell} />;
        return (
          <td key={cell.id} className={cellClass(cell.column, layout, 'engine-td')} style={layout.style.get(cell.column.id)} data-ellipsis={cell.column.columnDef.meta?.ellipsis || undefined}>
            {cell.column.id === treeColumn ? <TreeToggle row={row}>{content}</TreeToggle> : content}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * One shared tooltip for every clipped cell: resting the pointer on an ellipsis cell whose text does
 * not fit shows it whole. One tooltip instead of one per cell keeps a thousand-row page cheap; none
 * opens while the body scrolls under a still pointer.
 */
function useEllipsisTip() {
  const [tip, setTip] = useState<{ text: string; rect: DOMRect } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scrolling = useRef(false);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setTip((shown) => (shown ? null : shown));
  }, []);
  const onMouseOver = useCallback(
    (event: MouseEvent) => {
      hide();
      const cell = (event.target as Element).closest('td[data-ellipsis]');
      if (scrolling.current || !(cell instanceof HTMLElement) || cell.scrollWidth <= cell.clientWidth) return;
      timer.current = setTimeout(() => setTip({ text: cell.textContent ?? '', rect: cell.getBoundingClientRect() }), 150);
    },
    [hide],
  );
  const onScroll = useCallback(() => {
    hide();
    scrolling.current = true;
    clearTimeout(settle.current);
    settle.current = setTimeout(() => (scrolling.current = false), 150);
  }, [hide]);
  const node = tip && (
    <Tooltip open title={tip.text} placement="top" destroyOnHidden>
      <span style={{ position: 'fixed', left: tip.rect.left, top: tip.rect.top, width: tip.rect.width, height: tip.rect.height, pointerEvents: 'none' }} />
    </Tooltip>
  );
  return { node, onMouseOver, onMouseLeave: hide, onScroll };
}

/**
 * The size each list's scroller had when last drawn, by the list's sizeKey. The virtualiser draws its
 * first rows for the size it starts with and then measures the scroller: starting from the size it
 * will measure, a list opened again in the same window draws its rows once, not a second time in
 * the middle of its first frame.
 */
const scrollerSizes = new Map<string, Rect>();

function rememberedRectObserver(sizeKey: string | undefined) {
  return (instance: Virtualizer<HTMLDivElement, HTMLTableRowElement>, onRect: (rect: Rect) => void) =>
    observeElementRect(instance, (rect) => {
      if (sizeKey !== undefined) scrollerSizes.set(sizeKey, rect);
      onRect(rect);
    });
}

/**
 * Rows drawn beyond the scroller's view at each end. The frame that first shows a list draws the
 * rows in view and one more; once it is painted, more are added, so a wheel scroll finds its next
 * rows drawn already. Each row drawn in that first frame is laid out and painted before the user
 * sees any.
 */
const FIRST_OVERSCAN = 1;
const OVERSCAN = 8;

function useOverscan(): number {
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  useEffect(() => {
    // A task after the next frame: after the first rows are painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setOverscan(OVERSCAN))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return overscan;
}

export interface DataTableProps {
  table: ListTable;
  density: Density;
  /** First load: skeleton rows of the density's height stand where the rows will be. */
  loading: boolean;
  /** Drawn in the table's top corner: the mark of a revalidation with the previous rows still shown. */
  refreshing?: ReactNode;
  /** Drawn in the body instead of rows: the empty state or an error. */
  placeholder?: ReactNode;
  skeletonRows: number;
  maxHeight: number | string;
  /** The column that carries a tree's expand buttons; none for a flat list. */
  tree: boolean;
  /** Extra header content per column id (filters). */
  headerExtra?(column: ListColumn): ReactNode;
  /** Under which the scroller's size is remembered for the next time this list is drawn (the screen's). */
  sizeKey?: string;
}

/**
 * The list's table: TanStack's headless model drawn as an antd-looking table. Only the rows in view
 * (and a few around) are in the DOM, so a page of a thousand rows draws and scrolls like one of
 * twenty. Header and pinned columns stick while the body scrolls both ways.
 */
export function DataTable({ table, density, loading, refreshing, placeholder, skeletonRows, maxHeight, tree, headerExtra, sizeKey }: DataTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const columnsKey = columns.map((c) => `${c.id}:${c.getSize()}:${c.getIsPinned() || ''}`).join('|');
  // Kept while scrolling (every drawn row takes it), and made again when the columns or their widths
  // change: widths follow each page of rows (column-widths.ts), and pinned offsets follow the widths.
  const [kept, setKept] = useState(() => ({ key: columnsKey, layout: layoutOf(columns) }));
  let layout = kept.layout;
  if (kept.key !== columnsKey) {
    layout = layoutOf(columns);
    setKept({ key: columnsKey, layout });
  }
  const treeColumn = tree ? columns.find((c) => c.id !== SELECT_COLUMN && c.id !== ACTIONS_COLUMN)?.id : undefined;
  const rowSelection = table.state.rowSelection;
  const tip = useEllipsisTip();
  const overscan = useOverscan();

  // The console does not run the React Compiler; the rows are memoised by hand above.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT[density],
    overscan,
    // Rows a scroll brings in are drawn in a task of their own, not inside the scroll event that
    // the browser then lays out and paints: together they made one task of 50 ms and more now and
    // then (list-render bench); the rows drawn ahead (overscan) cover the frame in between.
    useFlushSync: false,
    getItemKey: (index) => rows[index]!.id,
    initialRect: (sizeKey !== undefined && scrollerSizes.get(sizeKey)) || undefined,
    observeElementRect: useMemo(() => rememberedRectObserver(sizeKey), [sizeKey]),
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? total - items.at(-1)!.end : 0;

  // Pinned columns cast a shadow only while something scrolls beneath them, as antd's table does.
  const updateEdges = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const max = node.scrollWidth - node.clientWidth;
    node.classList.toggle('is-scrolled-start', node.scrollLeft > 0);
    node.classList.toggle('is-scrolled-end', node.scrollLeft < max - 1);
  }, []);
  useLayoutEffect(updateEdges, [updateEdges, columnsKey, rows.length]);

  const minWidth = table.getTotalSize();
  const colSpan = columns.length;
  return (
    <div className={`engine-table density-${density}`}>
      <div
        ref={scroller}
        className="engine-table-scroll"
        style={{ maxHeight }}
        onScroll={() => {
          updateEdges();
          tip.onScroll();
        }}
        onMouseOver={tip.onMouseOver}
        onMouseLeave={tip.onMouseLeave}
      >
        <table style={{ minWidth }}>
          <colgroup>
            {columns.map((c) => (
              <col key={c.id} style={c.id === layout.filler ? undefined : { width: c.getSize() }} />
            ))}
          </colgroup>
          <TableHead table={table} layout={layout} sorting={table.state.sorting} rowSelection={rowSelection} headerExtra={headerExtra} />
          <tbody>
            {loading ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} className="engine-tr is-skeleton">
                  {columns.map((c) => (
                    <td key={c.id} className="engine-td">
                      <span className="engine-skeleton-bar" />
                    </td>
                  ))}
                </tr>
              ))
            ) : placeholder ? (
              <tr>
                <td colSpan={colSpan} className="engine-table-placeholder">
                  <div className="engine-table-placeholder-inner">{placeholder}</div>
                </td>
              </tr>
            ) : (
              <>
                {paddingTop > 0 && (
                  <tr aria-hidden className="engine-spacer">
                    <td colSpan={colSpan} style={{ height: paddingTop }} />
                  </tr>
                )}
                {items.map((item) => {
                  const row = rows[item.index]!;
                  return (
                    <BodyRow
                      key={row.id}
                      row={row}
                      index={item.index}
                      selected={Boolean(rowSelection[row.id])}
                      expanded={row.getIsExpanded()}
                      columnsKey={columnsKey}
                      layout={layout}
                      treeColumn={treeColumn}
                    />
                  );
                })}
                {paddingBottom > 0 && (
                  <tr aria-hidden className="engine-spacer">
                    <td colSpan={colSpan} style={{ height: paddingBottom }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
        </table>
      </div>
      <div className="engine-table-refreshing">{refreshing}</div>
      {tip.node}
    </div>
  );
}
