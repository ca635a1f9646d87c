/**
 * The built-in cells, registered under their names, and the cell a column gets when it names none:
 * one follows from the field's type. A screen names any of these (or a bespoke one) in
 * `columns[].cell.widget`.
 */
import type { FieldType, ResourceField } from '../../contract/resource';
import { cells, type CellWidget } from '../registries';
import { BooleanCell } from './boolean';
import { CopyableCell } from './copyable';
import { DateCell, DateTimeCell } from './date';
import { DictCell, EnumCell } from './enum';
import { FileCell } from './file';
import { ImageCell } from './image';
import { LinkCell } from './link';
import { LookupCell } from './lookup';
import { MoneyCell } from './money';
import { NumberCell } from './number';
import { TextCell } from './text';

export const BUILTIN_CELLS = {
  text: TextCell,
  number: NumberCell,
  money: MoneyCell,
  date: DateCell,
  datetime: DateTimeCell,
  boolean: BooleanCell,
  enum: EnumCell,
  dict: DictCell,
  lookup: LookupCell,
  image: ImageCell,
  file: FileCell,
  link: LinkCell,
  copyable: CopyableCell,
} as const satisfies Record<string, CellWidget>;

export type BuiltinCellName = keyof typeof BUILTIN_CELLS;

for (const [name, cell] of Object.entries(BUILTIN_CELLS)) cells.register(name, cell);

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

/** The cell of a column that names none: by the field's type, or for system fields by their name. */
export function defaultCellName(field: ResourceField | undefined, name: string): BuiltinCellName {
  return field ? BY_TYPE[field.type] : (BY_SYSTEM_FIELD[name] ?? 'text');
}

/** Numbers line up on the right. */
export function defaultAlign(field: ResourceField | undefined): 'left' | 'right' {
  return field && (field.type === 'integer' || field.type === 'number' || field.type === 'money') ? 'right' : 'left';
}
