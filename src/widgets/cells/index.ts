/**
 * The built-in cells by name. A screen names any of these (or a bespoke one) in
 * `columns[].cell.widget`; a column that names none gets one by its field's type (cellNameOf).
 */
import type { BuiltinCellName, CellWidget } from '../interface/registry';
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
} as const satisfies Record<BuiltinCellName, CellWidget>;
