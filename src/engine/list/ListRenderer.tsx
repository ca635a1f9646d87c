import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Dropdown, Empty, Flex, Pagination, Popover, Result, Space, Spin, Tooltip, theme } from 'antd';
import { ColumnHeightOutlined, FilterFilled, ReloadOutlined } from '@ant-design/icons';
import { useTable, type ColumnOrderState, type ColumnPinningState, type ColumnVisibilityState, type SortingState, type Updater } from '@tanstack/react-table';
import type { ResourceRecord, Sort } from '../../contract/resource';
import type { Action } from '../../contract/screen';
import type { GetListParams } from '../../widgets/interface/data-provider';
import { ActionBar, usePlacedActions } from '../actions/ActionButton';
import { useListRevalidating } from '../data';
import { useEngineHost } from '../host';
import { useEngineRegistry } from '../registry';
import type { ListRendererProps } from '../renderers';
import { structureKey } from '../structure';
import { buildColumns } from './columns';
import { CELL_PADDING, contentSizing } from './column-widths';
import type { Density } from './column-settings';
import { CardList } from './CardList';
import { ColumnSettings, drawnOrder } from './ColumnSettings';
import { DataTable } from './DataTable';
import type { SearchModel } from './query';
import { SearchForm } from './SearchForm';
import { SearchInput } from './SearchInput';
import { ACTIONS_COLUMN, SELECT_COLUMN, listFeatures, type ListFeatures } from './table-model';
import { treeOf } from './tree';
import { ListControllerContext, useListController } from './use-list-controller';
import { useThemeVars } from '../theme';
import { usePhone } from '../../widgets/interface/phone';
import './list.css';
// The skeleton rows' bar, shared with the screen skeletons.
import '../parts/skeleton.css';

const apply = <T,>(updater: Updater<T>, previous: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater);

const toSorting = (sort: Sort[]): SortingState => sort.map((s) => ({ id: s.field, desc: s.order === 'desc' }));
const toSort = (sorting: SortingState): Sort[] => sorting.map((s) => ({ field: s.id, order: s.desc ? 'desc' : 'asc' }));

/** The CSS variable the table body's height is written to. */
const BODY_HEIGHT = '--engine-list-body-height';

/** The body height each screen's list had last: opened again, it starts there and its first measurement changes nothing. */
const bodyHeights = new Map<string, string>();

/**
 * The body's height: the rest of the window below the table, keeping room for the pagination, so
 * the page does not scroll twice. Measured on mount, when the window resizes and when the search
 * form grows, and written to a CSS variable on the list rather than to state: a new height only
 * resizes the scroller (whose virtualiser watches its size), it does not redraw the list.
 */
function useBodyHeight(compact: boolean, screenId: string) {
  const anchor = useRef<HTMLDivElement>(null);
  const [opening] = useState(() => bodyHeights.get(screenId));
  useLayoutEffect(() => {
    const list = anchor.current?.parentElement;
    if (compact || !list) return;
    const measure = () => {
      const top = anchor.current?.getBoundingClientRect().top ?? 0;
      // Pagination, the card's padding and the page's bottom margin.
      const height = `${Math.max(320, Math.round(window.innerHeight - top - 96))}px`;
      bodyHeights.set(screenId, height);
      // The same height written again would still have the browser lay the page out again.
      if (list.style.getPropertyValue(BODY_HEIGHT) !== height) list.style.setProperty(BODY_HEIGHT, height);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list.parentElement ?? list);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [compact, screenId]);
  return {
    anchor,
    maxHeight: compact ? 400 : `var(${BODY_HEIGHT}, 480px)`,
    /** The list's style for the height it had last, for its first render. */
    bodyHeight: compact || opening === undefined ? undefined : ({ [BODY_HEIGHT]: opening } as CSSProperties),
  };
}

/** The refresh button's icon, turning while the rows shown are read again. */
function RefreshIcon({ params }: { params: GetListParams }) {
  return <ReloadOutlined spin={useListRevalidating(params)} />;
}

/** A spinner in the table's corner while the rows shown are read again. */
function RefreshSpinner({ params }: { params: GetListParams }) {
  return useListRevalidating(params) ? <Spin size="small" /> : null;
}

/** A filter in a column's header, for columns the screen marks filterable; it shares the search form's values. */
function HeaderFilter({ model, value, onApply }: { model: SearchModel; value: unknown; onApply(value: unknown): void }) {
  const { t } = useEngineHost();
  const [draft, setDraft] = useState<unknown>(value);
  const [open, setOpen] = useState(false);
  const choose = (next: unknown) => {
    setOpen(false);
    onApply(next);
  };
  const active = value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.every((v) => v === null || v === undefined));
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value);
      }}
      content={
        <Flex vertical gap={8} style={{ width: 240 }}>
          <SearchInput model={model} value={draft} onChange={setDraft} />
          <Flex justify="space-between">
            <Button size="small" onClick={() => choose(undefined)}>
              {t('reset')}
            </Button>
            <Button size="small" type="primary" onClick={() => choose(draft)}>
              {t('ok')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <button type="button" className={`engine-th-filter${active ? ' is-active' : ''}`} aria-label={t('filter')} title={t('filter')}>
        <FilterFilled />
      </button>
    </Popover>
  );
}

/**
 * The screen's toolbar without its reload actions: the list's tools always hold a refresh button,
 * and a second one (an icon and a 刷新 button side by side) says the same thing twice.
 */
function ownToolbar(toolbar: Action[] | undefined): Action[] | undefined {
  return toolbar?.filter((action) => action.kind !== 'reload');
}

/**
 * The list renderer draws the list controller (use-list-controller.ts) with antd: a search form, a
 * toolbar with the screen's actions and the table's tools, the table, and server-side pagination.
 * Sort (shift-click for several columns), filters, keyword and page all go to the server as one
 * ListQuery.
 */
export default function ListRenderer({ screen, definition, spec, compact = false }: ListRendererProps) {
  const list = useListController({ definition, spec, screenId: screen.id });
  const { columns, models, modelsByField, initialSearch, search, setSearch, setFilter, sort, setSort, page, pageSize, pageSizes, setPage, query, params } = list;
  const { data, rows, total, totalCapped, error, isLoading, refresh, selection, setSelection, selected, clearSelection, columnSettings: settings, setColumnSettings, resetColumnSettings } = list;
  const { t, lang } = useEngineHost();
  const vars = useThemeVars();
  // A phone draws the rows as cards in the page: no table, no scroller of its own, no column tools.
  const phone = usePhone();
  // A capped total is a floor: "共 10000+ 条", and the pager offers the pages up to it.
  const totalText = (count: number) => t(totalCapped ? 'totalAtLeast' : 'total', { total: count });

  const tree = Boolean(spec.tree && definition.parentField);
  const shaped = useMemo(() => (tree ? treeOf(rows, definition.parentField!) : { roots: rows, children: undefined }), [tree, rows, definition.parentField]);
  const selectable = spec.selectable ?? Boolean(spec.bulkActions?.length);
  const registry = useEngineRegistry();
  const columnDefs = useMemo(
    () => buildColumns({ columns, definition, rowActions: spec.rowActions ?? [], selectable, lang, t, registry }),
    [columns, definition, spec.rowActions, selectable, lang, t, registry],
  );

  const { token } = theme.useToken();
  const density: Density = settings.density;
  const columnSizing = useMemo(
    () => contentSizing(columnDefs, rows, lang, token.fontSize, CELL_PADDING[density]),
    [columnDefs, rows, lang, token.fontSize, density],
  );

  const sorting = useMemo(() => toSorting(sort), [sort]);
  const columnOrder = useMemo<ColumnOrderState>(() => [SELECT_COLUMN, ...drawnOrder(settings), ACTIONS_COLUMN], [settings]);
  const columnVisibility = useMemo<ColumnVisibilityState>(() => Object.fromEntries(settings.hidden.map((id) => [id, false])), [settings.hidden]);
  const columnPinning = useMemo<ColumnPinningState>(
    () => ({
      start: [SELECT_COLUMN, ...settings.order.filter((id) => settings.pinned[id] === 'start')],
      end: [...settings.order.filter((id) => settings.pinned[id] === 'end'), ACTIONS_COLUMN],
    }),
    [settings],
  );

  const table = useTable<ListFeatures, ResourceRecord>({
    features: listFeatures,
    columns: columnDefs,
    data: shaped.roots,
    getRowId: (record) => String(record.id),
    getSubRows: shaped.children ? (record) => shaped.children!.get(record.id) : undefined,
    state: { sorting, rowSelection: selection, columnOrder, columnVisibility, columnPinning, columnSizing, expanded: true },
    onSortingChange: (updater) => setSort(toSort(apply(updater, sorting))),
    onRowSelectionChange: (updater) => setSelection((old) => apply(updater, old)),
    manualSorting: true,
    sortDescFirst: false,
    maxMultiSortColCount: 5,
    enableRowSelection: selectable,
    enableSubRowSelection: false,
  });

  const toolbarTarget = useMemo(() => ({ query }), [query]);
  const bulkTarget = useMemo(() => ({ records: selected, query, afterChange: clearSelection }), [selected, query, clearSelection]);
  const toolbar = usePlacedActions(ownToolbar(spec.toolbar), toolbarTarget);
  const bulk = usePlacedActions(spec.bulkActions, bulkTarget);

  const { anchor, maxHeight, bodyHeight } = useBodyHeight(compact || phone, screen.id);

  let placeholder: ReactNode;
  if (error && !data) {
    placeholder = <Result status="error" title={t('loadFailed')} subTitle={(error as Error).message} extra={<Button onClick={refresh}>{t('retry')}</Button>} />;
  } else if (data && rows.length === 0) {
    placeholder = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  }

  const tools = (
    <Space size={4} className="engine-list-tools">
      <Tooltip title={t('refresh')}>
        <Button type="text" icon={<RefreshIcon params={params} />} aria-label={t('refresh')} onClick={refresh} />
      </Tooltip>
      {!compact && !phone && (
        <>
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [density],
              items: (['large', 'middle', 'small'] as const).map((key) => ({ key, label: t(key === 'large' ? 'densityLarge' : key === 'middle' ? 'densityMiddle' : 'densitySmall') })),
              onClick: ({ key }) => setColumnSettings({ ...settings, density: key as Density }),
            }}
          >
            <Tooltip title={t('density')}>
              <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('density')} />
            </Tooltip>
          </Dropdown>
          <ColumnSettings columns={columns.map((c) => ({ id: c.field, title: table.getColumn(c.field)?.columnDef.meta?.title ?? c.field }))} settings={settings} onChange={setColumnSettings} onReset={resetColumnSettings} />
        </>
      )}
    </Space>
  );

  const body = (
    <>
      {/* One line: the screen's actions wrap among themselves, the tools stay on the first line at the end. */}
      <Flex justify="space-between" align="start" gap={12} className="engine-list-toolbar">
        <div className="engine-list-actions">
          <ActionBar actions={toolbar} target={toolbarTarget} />
        </div>
        {tools}
      </Flex>
      {selected.length > 0 && (
        <Flex align="center" gap={12} wrap className="engine-list-bulk" role="status">
          <span>{t('selected', { count: selected.length })}</span>
          <Button type="link" size="small" onClick={clearSelection}>
            {t('clearSelection')}
          </Button>
          <span className="engine-list-bulk-actions">
            <ActionBar actions={bulk} target={bulkTarget} />
          </span>
        </Flex>
      )}
      <div ref={anchor} />
      {phone ? (
        <CardList list={list} rowActions={spec.rowActions ?? []} selectable={selectable} placeholder={placeholder} loading={isLoading && !data} skeletonCards={Math.min(pageSize, 4)} />
      ) : (
        <DataTable
          table={table}
          density={density}
          loading={isLoading && !data}
          refreshing={<RefreshSpinner params={params} />}
          placeholder={placeholder}
          skeletonRows={Math.min(pageSize, 10)}
          maxHeight={maxHeight}
          tree={tree}
          sizeKey={screen.id}
          headerExtra={(column) => {
            const model = column.columnDef.meta?.column?.filterable ? modelsByField.get(column.id) : undefined;
            return model ? <HeaderFilter model={model} value={search.fields[model.field]} onApply={(value) => setFilter(model.field, value)} /> : null;
          }}
        />
      )}
      {/* No pager under an empty list: "共 0 条" and one page of nothing say nothing. */}
      {total > 0 && (
      <Flex justify="end" align="center" gap={8} className={phone ? 'engine-list-pagination is-phone' : 'engine-list-pagination'}>
        {/* A phone's pager is one line: the total, then ‹ page / pages ›. */}
        {phone && <span className="engine-list-total">{totalText(total)}</span>}
        <Pagination
          current={page}
          pageSize={pageSize}
          total={total}
          pageSizeOptions={pageSizes}
          simple={phone}
          showSizeChanger={!phone}
          showQuickJumper={!compact && !phone}
          size={compact || phone ? 'small' : undefined}
          showTotal={phone ? undefined : totalText}
          onChange={(next, size) => setPage(next, size)}
        />
      </Flex>
      )}
    </>
  );

  // Parts drawn inside the list (action widgets, cells' popovers) reach its controller by context.
  return (
    <ListControllerContext.Provider value={list}>
      {compact ? (
        <div className="engine-list is-compact" style={vars}>
          {body}
        </div>
      ) : (
        <div className={phone ? 'engine-list is-phone' : 'engine-list'} style={bodyHeight ? { ...vars, ...bodyHeight } : vars}>
          {(spec.search?.keyword || models.length > 0) && (
            <div className="engine-list-search">
              <SearchForm key={structureKey(spec.search ?? {})} models={models} keyword={Boolean(spec.search?.keyword)} values={search} initial={initialSearch} onSearch={setSearch} />
            </div>
          )}
          {body}
        </div>
      )}
    </ListControllerContext.Provider>
  );
}
