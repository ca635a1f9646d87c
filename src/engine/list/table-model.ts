/**
 * The headless table of a list (TanStack Table v9): only the features a server-paged list uses.
 * Sorting, paging and filtering happen on the server; the table keeps the state of sort, selection,
 * column order, visibility, pinning and sizes, and flattens a tree's expanded rows.
 */
import {
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
} from '@tanstack/react-table';
import type { ResourceField, ResourceRecord } from '../../contract/resource';
import type { Column } from '../../contract/screen';

export interface ListColumnMeta {
  /** The header's text, also shown in the column settings. */
  title: string;
  align: 'left' | 'center' | 'right';
  ellipsis: boolean;
  /** The screen's column and the resource's field; absent on the selection and actions columns. */
  column?: Column;
  field?: ResourceField;
}

export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  columnMeta: {} as ListColumnMeta,
});

export type ListFeatures = typeof listFeatures;
export type ListColumnDef = ColumnDef<ListFeatures, ResourceRecord>;
export type ListRow = Row<ListFeatures, ResourceRecord>;

/** Ids of the two columns the list adds around the screen's own. */
export const SELECT_COLUMN = '__select';
export const ACTIONS_COLUMN = '__actions';
