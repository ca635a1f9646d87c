/**
 * The widget registry's interface: what a screen can name a widget for (form widgets, table cells,
 * actions, whole blocks), as one plain typed value that the app builds once (src/app-registry.ts)
 * and hands down through context, the way rjsf passes its registry. One pure lookup with one
 * fallback rule serves every kind; the cell a column or a detail value gets when it names none
 * follows from the field's type by one rule too. See docs/widgets.md.
 */
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldType, ResourceDefinition, ResourceField, ResourceRecord } from '../../contract/resource';
import type { Action, Screen } from '../../contract/screen';

export type Lazy<P> = LazyExoticComponent<ComponentType<P>> | ComponentType<P>;

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

/** Named widgets of one kind. */
export type WidgetMap<W> = Readonly<Record<string, W>>;

/**
 * Form widgets come with the form renderer, not before: the registry holds how to load them, and
 * the form renderer draws once they are in (lazyWidgets).
 */
export interface LazyWidgets<W> {
  load(): Promise<WidgetMap<W>>;
  /** The widgets, once loaded. */
  loaded(): WidgetMap<W> | undefined;
}

export type WidgetKind = 'form' | 'cell' | 'action' | 'block';

export interface WidgetRegistry {
  formWidgets: LazyWidgets<FormWidget>;
  cells: WidgetMap<CellWidget>;
  actions: WidgetMap<ActionWidget>;
  blocks: WidgetMap<BlockWidget>;
  /**
   * What stands where a screen names a widget nobody registered: visible and naming it. The same
   * component for the same kind and name, so a redraw keeps it.
   */
  missing(kind: WidgetKind, name: string): ComponentType<object>;
  /** The copy button a `copyable` column puts beside its cells. */
  CopyButton: ComponentType<{ text: string }>;
}

/** A registry's maps by the kind of widget they hold. */
export interface WidgetsByKind {
  cell: CellWidget;
  action: ActionWidget;
  block: BlockWidget;
}
const MAP_OF = { cell: 'cells', action: 'actions', block: 'blocks' } as const;
/**
 * The widget a screen names, else the registry's visible placeholder for it: the one lookup of
 * every kind. Only a registry's own names count (never `toString` or `constructor`).
 */
export function widgetOf<K extends keyof WidgetsByKind>(registry: WidgetRegistry, kind: K, name: string): WidgetsByKind[K] {
  const map = registry[MAP_OF[kind]] as WidgetMap<WidgetsByKind[K]>;
  return Object.hasOwn(map, name) ? map[name]! : (registry.missing(kind, name) as WidgetsByKind[K]);
}

type Extendable = 'cells' | 'actions' | 'blocks';
const KIND_OF = { cells: 'cell', actions: 'action', blocks: 'block' } as const;

/** `base` with `more`; a name of both is an error unless `override` is asked for. */
function merged<W>(base: WidgetMap<W>, more: WidgetMap<W>, kind: WidgetKind, override: boolean): WidgetMap<W> {
  const taken = override ? undefined : Object.keys(more).find((name) => Object.hasOwn(base, name));
  if (taken) throw new Error(`${kind} widget "${taken}" is already registered; pass { override: true } to replace it`);
  return { ...base, ...more };
}

/**
 * A registry with more widgets: a business area's, or a test's. A name registered twice is an
 * error unless `override` is asked for, so two areas can never silently fight over a name (for
 * form widgets, which load with the form renderer, the error comes when they load).
 */
export function extendRegistry<R extends WidgetRegistry>(
  base: R,
  extra: Partial<Pick<WidgetRegistry, Extendable>> & { formWidgets?: WidgetMap<FormWidget> },
  { override = false }: { override?: boolean } = {},
): R {
  const next: R = { ...base };
  for (const key of Object.keys(KIND_OF) as Extendable[]) {
    const more = extra[key];
    if (more) (next as WidgetRegistry)[key] = merged<unknown>(base[key], more, KIND_OF[key], override) as never;
  }
  const forms = extra.formWidgets;
  if (forms) next.formWidgets = lazyWidgets(async () => merged(await base.formWidgets.load(), forms, 'form', override));
  return next;
}

/** Loads a set of widgets once, on first need; later asks get the same answer. */
export function lazyWidgets<W>(load: () => Promise<WidgetMap<W>>): LazyWidgets<W> {
  let promise: Promise<WidgetMap<W>> | undefined;
  let widgets: WidgetMap<W> | undefined;
  return {
    load: () => (promise ??= load().then((loaded) => (widgets = loaded))),
    loaded: () => widgets,
  };
}

// ---- the cell a column or a detail value gets when it names none ----------------------------

/** The names of the built-in cells (src/widgets/cells); a registry has at least these. */
export type BuiltinCellName = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'enum' | 'dict' | 'lookup' | 'image' | 'file' | 'link' | 'copyable';

const BY_TYPE: Record<FieldType, BuiltinCellName> = {
  string: 'text',
  text: 'text',
  richtext: 'text',
  integer: 'number',
  number: 'number',
  money: 'money',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  enum: 'enum',
  dict: 'dict',
  lookup: 'lookup',
  image: 'image',
  file: 'file',
  rows: 'text',
};

const BY_SYSTEM_FIELD: Record<string, BuiltinCellName> = { created_at: 'datetime', updated_at: 'datetime', version: 'number' };

/**
 * The cell that draws a value: the one named (a column's `cell.widget`), else by the field's type,
 * else for system fields (id, created_at…) by their name. The list and the detail ask this alike.
 */
export function cellNameOf(named: string | undefined, field: Pick<ResourceField, 'type'> | undefined, fieldName: string): string {
  return named ?? (field ? BY_TYPE[field.type] : (BY_SYSTEM_FIELD[fieldName] ?? 'text'));
}

/** Numbers line up on the right. */
export function defaultAlign(field: ResourceField | undefined): 'left' | 'right' {
  return field && (field.type === 'integer' || field.type === 'number' || field.type === 'money') ? 'right' : 'left';
}
