import type { CellProps } from '../interface/registry';
import { EmptyValue, formatMoney, toNumber } from './format';

/** Money: integer fen shown as yuan, e.g. 123456 → ¥1,234.56. */
export function MoneyCell({ value }: CellProps) {
  const fen = toNumber(value);
  return fen === null ? <EmptyValue /> : formatMoney(fen);
}
