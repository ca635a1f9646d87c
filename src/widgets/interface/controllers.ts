/**
 * The engine's headless controllers, as a bespoke widget sees them: a list, a form or a detail's
 * state and operations, with nothing drawn. The engine's renderers draw these same controllers
 * with antd; a widget reaches them through useWidgetHost() (useListController…) and draws them its
 * own way. See docs/widgets.md.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { HistoryEntry, ListPage, ListQuery, ResourceDefinition, ResourceRecord, Sort, TransitionParam } from '../../contract/resource';
import type { Action, ListSpec } from '../../contract/screen';
import type { GetListParams } from './data-provider';

/** What a list's search form holds: a value per field name, and the keyword. */
export interface SearchValues {
  keyword?: string;
  fields: Record<string, unknown>;
}

export type Density = NonNullable<ListSpec['density']>;
export type Pin = 'start' | 'end';

/** A user's column settings of one list, kept per user and screen. */
export interface ColumnSettings {
  /** Every column id, in the order drawn (pinned ones are moved to their side when drawn). */
  order: string[];
  hidden: string[];
  pinned: Record<string, Pin>;
  density: Density;
}

export interface ListControllerProps {
  definition: ResourceDefinition;
  /** The list's columns, search, fixed filters, sort and paging, as a screen's list says them. */
  spec: ListSpec;
  /** The screen the list belongs to: its column settings are kept under it. */
  screenId: string;
}

/** Selected rows by id (as a string), as TanStack Table keeps them. */
export type Selection = Record<string, true>;

export interface ListController {
  definition: ResourceDefinition;
  spec: ListSpec;

  // What is asked: search, sort, page. A change of search or sort goes back to page one.
  search: SearchValues;
  /** The same search again is a deliberate refresh. */
  setSearch(values: SearchValues): void;
  setFilter(field: string, value: unknown): void;
  sort: Sort[];
  setSort(sort: Sort[]): void;
  page: number;
  pageSize: number;
  /** The page sizes offered. */
  pageSizes: number[];
  setPage(page: number, pageSize?: number): void;
  /** The server's query and the data provider's params of the page shown. */
  query: ListQuery;
  params: GetListParams;

  // What came back.
  data: ListPage | undefined;
  rows: ResourceRecord[];
  total: number;
  /** More rows match than were counted (LIST_TOTAL_CAP): `total` is a floor, shown as "10,000+". */
  totalCapped: boolean;
  error: unknown;
  isLoading: boolean;
  refresh(): void;

  // Selection, for bulk actions; a new query clears it.
  selection: Selection;
  setSelection: Dispatch<SetStateAction<Selection>>;
  selected: ResourceRecord[];
  clearSelection(): void;

  // The user's column settings.
  columnSettings: ColumnSettings;
  setColumnSettings(next: ColumnSettings): void;
  resetColumnSettings(): void;
}

export interface DetailControllerProps {
  definition: ResourceDefinition;
  id: number;
  /** Read the record's change history too. */
  history?: boolean;
  /** The detail's actions; those the user may take on this record are offered. */
  actions?: Action[];
}

/** An action offered on the record shown, and whether it can be pressed now. */
export interface OfferedAction {
  action: Action;
  disabled: boolean;
}

export interface DetailController {
  definition: ResourceDefinition;
  record: ResourceRecord | undefined;
  error: unknown;
  isLoading: boolean;
  /** The record's changes as the server answers them; undefined when not asked, or while loading. */
  history: HistoryEntry[] | undefined;
  historyLoading: boolean;
  /** The actions the user holds the permission for and whose `visible` holds for this record. */
  actions: OfferedAction[];
  refresh(): void;
}

/** A workflow transition the reader may take on a record now, as the server says (the record's `_actions`). */
export interface OfferedTransition {
  name: string;
  /** Its label in the console's language. */
  label: string;
  /** The question to ask before taking it, when it has one. */
  confirm?: string;
  /** What it asks for (a reason, a colleague, a new price); empty when nothing. */
  params: TransitionParam[];
}

/**
 * The workflow transitions of one record (useWidgetHost().useTransitions): which may be taken now,
 * and taking one at the version read. Nothing is drawn: TransitionButtons draws it with confirms and
 * a params dialog; a bespoke widget may draw it its own way.
 */
export interface TransitionsController {
  offered: OfferedTransition[];
  /** The transition being sent, if one is. */
  pending: string | null;
  /**
   * Takes a transition with its params at the version the record was read. Resolves the record as it
   * now is; rejects with the server's `{ code, message, status }` (a 409 when someone changed the
   * record first). Success and a 409 both read the resource's lists and records again.
   */
  take(name: string, params?: Record<string, unknown>): Promise<ResourceRecord>;
}

export interface FormControllerProps {
  definition: ResourceDefinition;
  /** The fields the form edits, in order; every field the user may see when omitted. */
  fields?: string[];
  /** The record being edited, at the version read; absent to create one. */
  record?: ResourceRecord;
  /** Values a new record starts with. */
  initial?: Record<string, unknown>;
  /** After a save, with the record as the server stored it. */
  onSaved?(record: ResourceRecord): void;
}

/**
 * One record's form, headless (useWidgetHost().useFormController): the values, their validation by
 * the resource definition's JSON Schema (the one the server validates with, its words in the
 * console's language), whether anything changed (closing the browser tab asks while it has), and
 * saving at the version read, a 409 kept as the conflict to show. A widget draws its own inputs.
 */
export interface FormController {
  values: Record<string, unknown>;
  setValue(field: string, value: unknown): void;
  /** The first problem of each field, once validated (a save validates first). */
  errors: Record<string, string>;
  /** Validates the values; answers whether they pass. */
  validate(): Promise<boolean>;
  /** The values differ from those the form started with. */
  dirty: boolean;
  saving: boolean;
  /** The server's 409: someone saved the record since it was read. */
  conflict: string | null;
  /** A refusal of the server that names no field of the form. */
  formError: string | null;
  /** Validates, then creates or updates; answers the stored record, or undefined when refused. */
  save(): Promise<ResourceRecord | undefined>;
  /** Back to the values the form started with. */
  reset(): void;
}
