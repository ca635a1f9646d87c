/**
 * The default screen of a resource: a list with search, create/edit/view/delete, export and import,
 * the form of its writable fields and a detail with its change history. The designer starts from it
 * and the bundled screens are written the same way.
 */
import type { FieldType, Localized, ResourceDefinition, ResourceField } from './resource';
import type { Action, Column, Screen, SearchField } from './screen';

const WIDE: Partial<Record<FieldType, number>> = { text: 240, richtext: 240, rows: 200, string: 160 };
const NARROW: Partial<Record<FieldType, number>> = { boolean: 90, integer: 110, number: 110, money: 120, date: 120, datetime: 170, image: 90 };

/** Field types a list can sort by and search on with the database's index. */
const SORTABLE = new Set<FieldType>(['string', 'integer', 'number', 'money', 'date', 'datetime', 'enum', 'dict', 'boolean']);
const LISTED = (f: ResourceField) => f.type !== 'richtext' && f.type !== 'rows' && f.type !== 'file' && f.type !== 'text';

function searchFieldFor(field: ResourceField): SearchField | null {
  switch (field.type) {
    case 'enum':
    case 'dict':
    case 'boolean':
      return { field: field.name, widget: 'select' };
    case 'date':
    case 'datetime':
      return { field: field.name, widget: 'dateRange' };
    case 'integer':
    case 'number':
    case 'money':
      return field.indexed ? { field: field.name, widget: 'numberRange' } : null;
    case 'lookup':
      return { field: field.name, widget: 'lookup' };
    case 'string':
      return field.indexed && !field.searchable ? { field: field.name, widget: 'text' } : null;
    default:
      return null;
  }
}

const label = (zh: string, en: string): Localized => ({ zh, en });

export const DEFAULT_ACTIONS = {
  create: { key: 'create', kind: 'create', label: label('新增', 'New'), type: 'primary', icon: 'PlusOutlined' },
  export: { key: 'export', kind: 'export', label: label('导出', 'Export'), icon: 'DownloadOutlined' },
  import: { key: 'import', kind: 'import', label: label('导入', 'Import'), icon: 'UploadOutlined' },
  view: { key: 'view', kind: 'view', label: label('详情', 'Details'), type: 'link' },
  edit: { key: 'edit', kind: 'edit', label: label('编辑', 'Edit'), type: 'link' },
  delete: {
    key: 'delete',
    kind: 'delete',
    label: label('删除', 'Delete'),
    type: 'link',
    danger: true,
    confirm: label('确定删除这条记录吗？', 'Delete this record?'),
  },
  bulkDelete: {
    key: 'bulkDelete',
    kind: 'delete',
    label: label('批量删除', 'Delete selected'),
    danger: true,
    confirm: label('确定删除选中的记录吗？', 'Delete the selected records?'),
  },
} as const satisfies Record<string, Action>;

/** The default list/form/detail screen of a resource, served at `id` (its vue_path). */
export function defaultScreen(definition: ResourceDefinition, id: string): Screen {
  const visible = definition.fields.filter((f) => !f.access?.hidden?.length);
  const columns: Column[] = visible.filter(LISTED).slice(0, 12).map((field) => {
    const column: Column = { field: field.name, sortable: SORTABLE.has(field.type) && Boolean(field.indexed) };
    const width = NARROW[field.type] ?? WIDE[field.type];
    if (width) column.width = width;
    if (field.type === 'string' || field.type === 'text') column.ellipsis = true;
    if (field.name === definition.labelField) column.fixed = 'left';
    return column;
  });
  columns.push({ field: 'updated_at', width: 170, sortable: true });
  const search = visible.map(searchFieldFor).filter((f): f is SearchField => f !== null).slice(0, 8);
  const keyword = visible.some((f) => f.searchable);
  const writable = visible.filter((f) => !f.readOnly);
  const half = Math.ceil(visible.length / 2);
  return {
    id,
    version: 1,
    title: definition.title,
    kind: 'list',
    resource: definition.name,
    list: {
      columns,
      search: { keyword, ...(search.length ? { fields: search } : {}) },
      defaultSort: [{ field: 'updated_at', order: 'desc' }],
      pageSizes: [10, 20, 50, 100],
      pageSize: 20,
      selectable: true,
      ...(definition.parentField ? { tree: true } : {}),
      toolbar: [DEFAULT_ACTIONS.create, DEFAULT_ACTIONS.export, DEFAULT_ACTIONS.import],
      rowActions: [DEFAULT_ACTIONS.view, DEFAULT_ACTIONS.edit, DEFAULT_ACTIONS.delete],
      bulkActions: [DEFAULT_ACTIONS.bulkDelete],
    },
    form: {
      fields: writable.map((f) => f.name),
      columns: writable.length > 8 ? 2 : 1,
      open: writable.some((f) => f.type === 'rows' || f.type === 'richtext') ? 'drawer' : 'dialog',
    },
    detail: {
      groups: [
        { title: label('基本信息', 'Basics'), fields: visible.slice(0, half).map((f) => f.name), columns: 2 },
        ...(visible.length > half ? [{ title: label('更多信息', 'More'), fields: visible.slice(half).map((f) => f.name), columns: 2 }] : []),
      ],
      history: true,
    },
  };
}
