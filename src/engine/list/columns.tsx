import { createElement, memo, type MouseEvent, type ReactNode } from 'react';
import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { fillTemplate } from '../../contract/expression';
import { shownFields, type Lang, type ResourceDefinition, type ResourceField, type ResourceRecord } from '../../contract/resource';
import type { Action, Column } from '../../contract/screen';
import { safeHref } from '../../contract/href';
import { cellNameOf, defaultAlign, widgetOf, type CellWidget, type WidgetRegistry } from '../../widgets/interface/registry';
import { ActionButton, MoreMenu, useOverflow, usePlacedActions } from '../actions/ActionButton';
import { TransitionButtons } from '../actions/TransitionButtons';
import { inlineCount, ROW_LINKS, transitionSlots } from '../actions/row-slots';
import { useEngineHost, type EngineHost } from '../host';
import { knownColumns } from './known-columns';
import { CELL_PADDING, textWidth } from './column-widths';
import { ACTIONS_COLUMN, SELECT_COLUMN, type ListColumnDef, type ListRow } from './table-model';

const NARROW: Partial<Record<ResourceField['type'], number>> = { boolean: 90, integer: 110, number: 110, money: 130, date: 120, datetime: 170, image: 80, enum: 110, dict: 110 };
const WIDE: Partial<Record<ResourceField['type'], number>> = { text: 240, richtext: 240, file: 200 };
/** Types whose cells are not a line of text, so never cut with an ellipsis. */
const UNCUT = new Set<ResourceField['type']>(['image', 'rows']);
const SYSTEM_WIDTHS: Record<string, number> = { id: 80, version: 80, created_at: 170, updated_at: 170 };

const SYSTEM_TITLES = {
  id: 'fieldId',
  version: 'fieldVersion',
  team_id: 'fieldTeam',
  created_by: 'fieldCreatedBy',
  created_at: 'fieldCreatedAt',
  updated_at: 'fieldUpdatedAt',
} as const;

export function columnTitle(column: Column, field: ResourceField | undefined, lang: Lang, t: EngineHost['t']): string {
  if (column.title) return column.title[lang];
  if (field) return field.title[lang];
  const system = SYSTEM_TITLES[column.field as keyof typeof SYSTEM_TITLES];
  return system ? t(system) : column.field;
}

const NO_OPTIONS: Record<string, unknown> = {};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export interface ListCellProps {
  column: Column;
  field: ResourceField | undefined;
  record: ResourceRecord;
  /** The column's cell widget, looked up once for the column. */
  cell: CellWidget;
  CopyButton: WidgetRegistry['CopyButton'];
}

/** One cell: the column's widget (or its field type's), linked and copyable as the column says. */
export function ListCell({ column, field, record, cell, CopyButton }: ListCellProps) {
  const { navigate } = useEngineHost();
  const value = record[column.field];
  let content: ReactNode = createElement(cell, { value, record, field, options: column.cell?.options ?? NO_OPTIONS });
  const href = column.link ? safeHref(fillTemplate(column.link, { record }, true)) : null;
  if (href) {
    const open = (event: MouseEvent) => {
      event.preventDefault();
      navigate(href);
    };
    content = (
      <a href={href} onClick={open}>
        {content}
      </a>
    );
  }
  if (column.copyable && !isEmpty(value)) {
    content = (
      <>
        {content}
        <CopyButton text={String(value)} />
      </>
    );
  }
  return content;
}

/** The operations of one row: the screen's row actions, then the workflow transitions the reader may take. */
const RowActions = memo(function RowActions({ record, actions, definition }: { record: ResourceRecord; actions: Action[]; definition: ResourceDefinition }) {
  const target = { record };
  const placed = usePlacedActions(actions, target);
  const { inline, more } = useOverflow(placed, target, ROW_LINKS);
  // In a row, a plain flex line (antd's Space in every visible row costs more than the buttons it
  // holds), and one "more" menu: with a workflow, the screen's actions that did not fit go into the
  // transitions' menu.
  return (
    <span className="engine-row-actions">
      {inline.map((p) => (
        <ActionButton key={p.action.key} placed={p} target={target} link />
      ))}
      {definition.workflow ? (
        <TransitionButtons definition={definition} record={record} variant="link" skip={actions.map((a) => a.key)} slots={transitionSlots(placed.length)} lead={more ?? undefined} />
      ) : (
        more && <MoreMenu link {...more} />
      )}
    </span>
  );
});

/**
 * The selection checkbox: the browser's own, in the theme colour. A row draws one in every visible
 * row, and antd's Checkbox costs several times as much per row.
 */
function RowCheck({ label, checked, indeterminate = false, onChange }: { label: string; checked: boolean; indeterminate?: boolean; onChange(event: unknown): void }) {
  return (
    <input
      type="checkbox"
      className="engine-check"
      aria-label={label}
      checked={checked}
      ref={(node) => {
        if (node) node.indeterminate = indeterminate && !checked;
      }}
      onChange={onChange}
    />
  );
}

/** The first cell of a tree row: indented by depth, with its expand button. */
export function TreeToggle({ row, children }: { row: ListRow; children: ReactNode }) {
  const { t } = useEngineHost();
  const expanded = row.getIsExpanded();
  return (
    <span className="engine-tree-cell" style={{ paddingInlineStart: row.depth * 20 }}>
      {row.getCanExpand() ? (
        <button type="button" className="engine-tree-toggle" aria-expanded={expanded} aria-label={t(expanded ? 'collapseRow' : 'expandRow')} onClick={row.getToggleExpandedHandler()}>
          {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
        </button>
      ) : (
        <span className="engine-tree-spacer" />
      )}
      {children}
    </span>
  );
}

export interface ColumnsInput {
  columns: Column[];
  definition: ResourceDefinition;
  rowActions: Action[];
  selectable: boolean;
  lang: Lang;
  t: EngineHost['t'];
  registry: WidgetRegistry;
}

/** The font size the operations' links are drawn at (the table's). */
const ACTION_FONT = 14;

/** The width of a row of links: each label with its padding. */
const linksWidth = (labels: string[]) => labels.reduce((sum, label) => sum + textWidth(label, ACTION_FONT) + 12, 0);

/** The width of a "more" button. */
const MORE_WIDTH = 32;

/** The width of labels drawn in `slots` links, a "more" button taking the last when they do not all fit. */
function slotsWidth(labels: string[], slots: number): number {
  return linksWidth(labels.slice(0, inlineCount(labels.length, slots))) + (labels.length > slots ? MORE_WIDTH : 0);
}

/**
 * The width of the operations column: the screen's row actions a record shows and the workflow
 * transitions its state offers, in the links they share (row-slots.ts), for the record that needs
 * the most, at the widest density's padding, so the pinned column never covers its own buttons nor
 * the column beside it. Any k of the screen's actions are drawn within the width of its widest k.
 */
function actionsWidth(actions: Action[], definition: ResourceDefinition, lang: Lang, title: string): number {
  const widestFirst = actions.map((a) => a.label[lang]).sort((a, b) => textWidth(b, ACTION_FONT) - textWidth(a, ACTION_FONT));
  const workflow = definition.workflow;
  const offers = workflow ? workflow.states.map((s) => workflow.transitions.filter((tr) => tr.from.includes(s.value)).map((tr) => tr.label[lang])) : [[]];
  let buttons = 0;
  for (let shown = 0; shown <= widestFirst.length; shown++) {
    // Past the links, the transitions go into the screen actions' "more" menu: no width of their own.
    const transitions = (labels: string[]) => (shown > ROW_LINKS ? 0 : slotsWidth(labels, transitionSlots(shown)));
    for (const labels of offers) buttons = Math.max(buttons, slotsWidth(widestFirst.slice(0, shown), ROW_LINKS) + transitions(labels));
  }
  return Math.max(textWidth(title, ACTION_FONT), buttons) + CELL_PADDING.large;
}

/** The table's columns: selection, the screen's columns the resource knows, operations. */
export function buildColumns({ columns, definition, rowActions, selectable, lang, t, registry }: ColumnsInput): ListColumnDef[] {
  const fields = new Map(shownFields(definition).map((f) => [f.name, f]));
  const defs: ListColumnDef[] = [];
  if (selectable) {
    defs.push({
      id: SELECT_COLUMN,
      size: 48,
      enableSorting: false,
      enableHiding: false,
      meta: { title: t('selectRow'), align: 'center', ellipsis: false },
      header: ({ table }) => (
        <RowCheck
          label={t('selectAll')}
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => <RowCheck label={t('selectRow')} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
    });
  }
  for (const column of knownColumns(columns, definition)) {
    const field = fields.get(column.field);
    const title = columnTitle(column, field, lang, t);
    const cell = widgetOf(registry, 'cell', cellNameOf(column.cell?.widget, field, column.field));
    const def: ListColumnDef = {
      id: column.field,
      header: title,
      accessorFn: (record) => record[column.field],
      size: column.width ?? (field ? (NARROW[field.type] ?? WIDE[field.type] ?? 150) : (SYSTEM_WIDTHS[column.field] ?? 150)),
      enableSorting: column.sortable === true,
      // Every value stays on one line: a short one in a column as wide as it (column-widths.ts), a
      // long one cut with an ellipsis and shown whole in a tooltip. Pictures and sub-tables are not text.
      meta: { title, align: column.align ?? defaultAlign(field), ellipsis: column.ellipsis ?? !(field && UNCUT.has(field.type)), column, field },
      cell: ({ row }) => <ListCell column={column} field={field} record={row.original} cell={cell} CopyButton={registry.CopyButton} />,
    };
    defs.push(def);
  }
  if (rowActions.length || definition.workflow?.transitions.length) {
    defs.push({
      id: ACTIONS_COLUMN,
      size: actionsWidth(rowActions, definition, lang, t('actions')),
      enableSorting: false,
      enableHiding: false,
      meta: { title: t('actions'), align: 'left', ellipsis: false },
      header: () => t('actions'),
      cell: ({ row }) => <RowActions record={row.original} actions={rowActions} definition={definition} />,
    });
  }
  return defs;
}
