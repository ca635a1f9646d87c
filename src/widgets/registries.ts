/**
 * The four widget registries a screen names widgets from: form widgets, table cells, actions and
 * whole blocks. One `register` and one `get` each; a second registration of a name throws unless
 * `{ override: true }` is passed. See docs/widgets.md for writing and registering one.
 */
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ResourceDefinition, ResourceField, ResourceRecord } from '../contract/resource';
import type { Action, Screen } from '../contract/screen';
import { createRegistry } from '../engine/registry';

type Lazy<P> = LazyExoticComponent<ComponentType<P>> | ComponentType<P>;

/** A form widget is an rjsf widget: it gets the value, its schema and `options` from the uiSchema. */
export type FormWidget = Lazy<WidgetProps>;

export interface CellProps {
  value: unknown;
  record: ResourceRecord;
  /** The field of the column; undefined for a system field (id, created_at…). */
  field: ResourceField | undefined;
  /** The column's `cell.options`. */
  options: Record<string, unknown>;
}
/** A cell draws one value of a row. Cells are drawn for every visible row: keep them cheap. */
export type CellWidget = (props: CellProps) => ReactNode;

export interface ActionWidgetProps {
  action: Action;
  screen: Screen;
  definition: ResourceDefinition | undefined;
  /** The row of a row action; the selected rows of a bulk action; nothing for a toolbar action. */
  record?: ResourceRecord;
  records?: ResourceRecord[];
  /** Reloads the lists of the screen's resource. */
  reload(): void;
}
export type ActionWidget = Lazy<ActionWidgetProps>;

export interface BlockProps {
  screen: Screen;
  options: Record<string, unknown>;
}
export type BlockWidget = Lazy<BlockProps>;

export const formWidgets = createRegistry<FormWidget>('form widget');
export const cells = createRegistry<CellWidget>('cell widget');
export const actions = createRegistry<ActionWidget>('action widget');
export const blocks = createRegistry<BlockWidget>('block widget');
