/**
 * The list's headless controller: what is asked (search, sort, page), what came back, the selection
 * for bulk actions and the user's column settings, with nothing drawn and no antd. The list renderer
 * draws it; a bespoke widget can draw it its own way (useWidgetHost().useListController). Built from
 * small hooks, in the manner of react-admin's useListController.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ResourceDefinition, Sort } from '../../contract/resource';
import type { Column, ListSpec } from '../../contract/screen';
import type { ListController, ListControllerProps, Selection } from '../../widgets/interface/controllers';
import { useResourceList } from '../data';
import { listParamsOf } from '../data-provider';
import { useEngineHost } from '../host';
import { structureKey } from '../structure';
import { knownColumns } from './known-columns';
import { clearSettings, loadSettings, saveSettings, screenDefaults, settingsKey, type ColumnSettings } from './column-settings';
import { buildListQuery, initialListState, pageSizesOf, searchModels, type SearchModel, type SearchValues } from './query';

/** What the list renderer draws besides the controller's state: the search form's fields. */
export interface EngineListController extends ListController {
  /** The columns whose field this user can see. */
  columns: Column[];
  /** The search form's fields. */
  models: SearchModel[];
  /** Every field a search form or a column header filters by. */
  modelsByField: Map<string, SearchModel>;
  /** The search the list opened with, for the form's reset. */
  initialSearch: SearchValues;
}

/** The search form's fields, and those of header filters the form does not show. */
function useSearchModels(spec: ListSpec, definition: ResourceDefinition, columns: Column[]) {
  const models = useMemo(() => searchModels(spec, definition), [spec, definition]);
  const allModels = useMemo(() => {
    const listed = new Set(models.map((m) => m.field));
    const extra = columns.filter((c) => c.filterable && !listed.has(c.field));
    return [...models, ...searchModels({ ...spec, search: { fields: extra.map((c) => ({ field: c.field })) } }, definition)];
  }, [models, columns, spec, definition]);
  return { models, allModels };
}

/** Search, sort and page; a new search or sort goes back to page one and clears the selection. */
function useQueryState(spec: ListSpec, models: SearchModel[], clearSelection: () => void) {
  const opening = useMemo(() => initialListState(spec, models), [spec, models]);
  const [search, setSearchValues] = useState<SearchValues>(opening.search);
  const [sort, setSortState] = useState<Sort[]>(opening.sort);
  const [page, setPageNumber] = useState(opening.page);
  const [pageSize, setPageSize] = useState(opening.pageSize);
  const changeQuery = useCallback(() => {
    setPageNumber(1);
    clearSelection();
  }, [clearSelection]);
  const setSort = useCallback(
    (next: Sort[]) => {
      setSortState(next);
      changeQuery();
    },
    [changeQuery],
  );
  const setPage = useCallback(
    (next: number, size?: number) => {
      if (size !== undefined && size !== pageSize) {
        setPageSize(size);
        setPageNumber(1);
      } else setPageNumber(next);
      clearSelection();
    },
    [pageSize, clearSelection],
  );
  return { initialSearch: opening.search, search, setSearchValues, sort, setSort, page, pageSize, setPage, changeQuery };
}

/** The user's column settings for this list, re-read when the screen's columns change (a new version). */
function useColumnSettings(key: string, defaults: ColumnSettings) {
  const defaultsKey = `${key}#${structureKey(defaults)}`;
  const [state, setState] = useState(() => ({ for: defaultsKey, settings: loadSettings(key, defaults) }));
  let settings = state.settings;
  if (state.for !== defaultsKey) {
    settings = loadSettings(key, defaults);
    setState({ for: defaultsKey, settings });
  }
  const update = useCallback(
    (next: ColumnSettings) => {
      saveSettings(key, next);
      setState({ for: defaultsKey, settings: next });
    },
    [key, defaultsKey],
  );
  const reset = useCallback(() => {
    clearSettings(key);
    setState({ for: defaultsKey, settings: defaults });
  }, [key, defaultsKey, defaults]);
  return { settings, update, reset };
}

export function useListController({ definition, spec, screenId }: ListControllerProps): EngineListController {
  const { user } = useEngineHost();
  const columns = useMemo(() => knownColumns(spec.columns, definition), [spec.columns, definition]);
  const { models, allModels } = useSearchModels(spec, definition, columns);

  const [selection, setSelection] = useState<Selection>({});
  const clearSelection = useCallback(() => setSelection({}), []);
  const { initialSearch, search, setSearchValues, sort, setSort, page, pageSize, setPage, changeQuery } = useQueryState(spec, models, clearSelection);

  const defaults = useMemo(() => screenDefaults(columns, spec.density), [columns, spec.density]);
  const { settings, update, reset } = useColumnSettings(settingsKey(user.id, screenId, definition.name), defaults);

  const query = useMemo(() => buildListQuery(spec, allModels, { search, sort, page, pageSize }), [spec, allModels, search, sort, page, pageSize]);
  const params = useMemo(() => listParamsOf(definition.name, query), [definition.name, query]);
  // Not isValidating: the marks that show a revalidation read it themselves (useListRevalidating).
  const { data, error, isLoading, mutate } = useResourceList(params);
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const selected = useMemo(() => rows.filter((r) => selection[String(r.id)]), [rows, selection]);
  const refresh = useCallback(() => void mutate(), [mutate]);

  const setSearch = useCallback(
    (values: SearchValues) => {
      setSearchValues(values);
      changeQuery();
      if (structureKey(values) === structureKey(search)) refresh();
    },
    [search, setSearchValues, changeQuery, refresh],
  );
  const setFilter = useCallback((field: string, value: unknown) => setSearch({ ...search, fields: { ...search.fields, [field]: value } }), [search, setSearch]);
  const modelsByField = useMemo(() => new Map(allModels.map((m) => [m.field, m])), [allModels]);
  const { sizes } = pageSizesOf(spec);

  return useMemo(
    () => ({
      definition,
      spec,
      columns,
      models,
      modelsByField,
      initialSearch,
      search,
      setSearch,
      setFilter,
      sort,
      setSort,
      page,
      pageSize,
      pageSizes: sizes,
      setPage,
      query,
      params,
      data,
      rows,
      total: data?.total ?? 0,
      totalCapped: data?.totalCapped === true,
      error,
      isLoading,
      refresh,
      selection,
      setSelection,
      selected,
      clearSelection,
      columnSettings: settings,
      setColumnSettings: update,
      resetColumnSettings: reset,
    }),
    [definition, spec, columns, models, modelsByField, initialSearch, search, setSearch, setFilter, sort, setSort, page, pageSize, sizes, setPage, query, params, data, rows, error, isLoading, refresh, selection, selected, clearSelection, settings, update, reset],
  );
}

/** The list controller of the list drawn around a part (a toolbar widget, a cell's popover). */
export const ListControllerContext = createContext<EngineListController | null>(null);

export function useListContext(): EngineListController {
  const list = useContext(ListControllerContext);
  if (!list) throw new Error('useListContext is called outside a list (no ListControllerContext)');
  return list;
}
