/**
 * From what the user set on a list (search form, sort, page) to the ListQuery the server answers.
 * Pure functions, so the query a screen sends is tested without drawing it.
 */
import dayjs from 'dayjs';
import { shownFields, TEAM_FIELD, type Filter, type ListQuery, type Localized, type ResourceDefinition, type ResourceField, type Sort } from '../../contract/resource';
import type { ListSpec, SearchField } from '../../contract/screen';
import type { SearchValues } from '../../widgets/interface/controllers';

export type SearchWidget = NonNullable<SearchField['widget']>;

/** One field of the search form, resolved against the resource. */
export interface SearchModel {
  field: string;
  title: Localized | undefined;
  widget: SearchWidget;
  definition: ResourceField | undefined;
  default?: unknown;
  /**
   * The team filter of a reader of several teams' rows (TEAM_FIELD): its choices are the teams whose
   * rows of this resource they may read, which the server lists though they may not list teams.
   */
  teamsOf?: string;
}

export type { SearchValues } from '../../widgets/interface/controllers';

const SYSTEM_TIMES = new Set(['created_at', 'updated_at']);

/** How a field is searched when the screen does not say. */
export function defaultSearchWidget(field: ResourceField | undefined, name: string): SearchWidget {
  if (!field) return SYSTEM_TIMES.has(name) ? 'dateRange' : 'text';
  switch (field.type) {
    case 'enum':
    case 'dict':
    case 'boolean':
      return 'select';
    case 'date':
    case 'datetime':
      return 'dateRange';
    case 'integer':
    case 'number':
    case 'money':
      return 'numberRange';
    case 'lookup':
      return 'lookup';
    default:
      return 'text';
  }
}

/** The search form's fields; fields the resource lacks (or hides from this user) are left out. */
export function searchModels(spec: ListSpec, definition: ResourceDefinition): SearchModel[] {
  const byName = new Map(shownFields(definition).map((f) => [f.name, f]));
  return (spec.search?.fields ?? []).flatMap((search) => {
    const field = byName.get(search.field);
    if (!field && !SYSTEM_TIMES.has(search.field) && search.field !== 'id') return [];
    const model: SearchModel = { field: search.field, title: search.title ?? field?.title, widget: search.widget ?? defaultSearchWidget(field, search.field), definition: field, default: search.default };
    return [field === TEAM_FIELD ? { ...model, teamsOf: definition.name } : model];
  });
}

/** The form's starting values: each field's default. */
export function initialSearch(models: SearchModel[]): SearchValues {
  return { fields: Object.fromEntries(models.filter((m) => m.default !== undefined).map((m) => [m.field, m.default])) };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A bound of a date range: 'YYYY-MM-DD' for date fields, epoch ms (the day's first or last ms) for times. */
function dateBound(model: SearchModel, value: unknown, end: boolean): string | number | null {
  if (isBlank(value)) return null;
  const day = dayjs(value as string);
  if (!day.isValid()) return null;
  if (model.definition?.type === 'date') return day.format('YYYY-MM-DD');
  return (end ? day.endOf('day') : day.startOf('day')).valueOf();
}

function numberBound(model: SearchModel, value: unknown): number | null {
  if (isBlank(value)) return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  // Money is kept in fen and typed in yuan.
  return model.definition?.type === 'money' ? Math.round(number * 100) : number;
}

/** The filter one search field adds, or null when it is empty. */
export function searchFilter(model: SearchModel, value: unknown): Filter | null {
  if (isBlank(value)) return null;
  const field = model.field;
  switch (model.widget) {
    case 'text':
      return String(value).trim() ? { field, op: 'contains', value: String(value).trim() } : null;
    case 'select':
    case 'lookup': {
      const picked = (Array.isArray(value) ? value : [value]) as (string | number | boolean)[];
      const values = model.definition?.type === 'boolean' ? picked.map((v) => v === true || v === 'true' || v === 1 || v === '1') : picked;
      return values.length === 1 ? { field, op: 'eq', value: values[0] } : { field, op: 'in', value: values };
    }
    case 'dateRange': {
      const [from, to] = Array.isArray(value) ? value : [];
      const bounds: [string | number | null, string | number | null] = [dateBound(model, from, false), dateBound(model, to, true)];
      return bounds[0] === null && bounds[1] === null ? null : { field, op: 'dateRange', value: bounds };
    }
    case 'numberRange': {
      const [min, max] = Array.isArray(value) ? value : [];
      const bounds: [number | null, number | null] = [numberBound(model, min), numberBound(model, max)];
      return bounds[0] === null && bounds[1] === null ? null : { field, op: 'range', value: bounds };
    }
  }
}

export interface ListState {
  search: SearchValues;
  sort: Sort[];
  page: number;
  pageSize: number;
}

/** The query of a list: the screen's fixed filters, the search form's, the keyword, sort and page. */
export function buildListQuery(spec: ListSpec, models: SearchModel[], state: ListState): ListQuery {
  const filters: Filter[] = [...(spec.filters ?? [])];
  for (const model of models) {
    const filter = searchFilter(model, state.search.fields[model.field]);
    if (filter) filters.push(filter);
  }
  const query: ListQuery = { page: state.page, pageSize: state.pageSize };
  if (state.sort.length) query.sort = state.sort;
  if (filters.length) query.filters = filters;
  const keyword = state.search.keyword?.trim();
  if (keyword && spec.search?.keyword) query.keyword = keyword;
  return query;
}

/** Where a list starts: the search form's defaults, the screen's sort, the first page at its first size. */
export function initialListState(spec: ListSpec, models: SearchModel[]): ListState {
  return { search: initialSearch(models), sort: spec.defaultSort ?? [], page: 1, pageSize: pageSizesOf(spec).initial };
}

/** The query a list sends when it opens: what a menu click can ask for before the list is drawn. */
export function openingListQuery(spec: ListSpec, definition: ResourceDefinition): ListQuery {
  const models = searchModels(spec, definition);
  return buildListQuery(spec, models, initialListState(spec, models));
}

/** The page sizes a list offers and the one it starts with. */
export function pageSizesOf(spec: ListSpec): { sizes: number[]; initial: number } {
  const sizes = spec.pageSizes ?? [10, 20, 50, 100];
  const initial = spec.pageSize ?? (sizes.includes(20) ? 20 : sizes[0]!);
  return { sizes: sizes.includes(initial) ? sizes : [...sizes, initial].sort((a, b) => a - b), initial };
}

/** The same query without its page: what an export of "everything the list shows" sends. */
export function exportQuery({ sort, filters, keyword }: ListQuery): ListQuery {
  return { ...(sort ? { sort } : {}), ...(filters ? { filters } : {}), ...(keyword ? { keyword } : {}) };
}
