import { Badge } from 'antd';
import type { CellProps } from '../interface/registry';
import { GOODS_LOW_STOCK } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, formatNumber, toNumber } from '../cells/format';

/**
 * A goods stock quantity with a coloured status: red at zero, orange at or below `options.low`
 * (GOODS_LOW_STOCK by default), green above. A bespoke cell, and the worked example of docs/widgets.md.
 */
export function StockLevelCell({ value, options }: CellProps) {
  const { t } = useWidgetHost();
  const quantity = toNumber(value);
  if (quantity === null) return <EmptyValue />;
  const low = typeof options.low === 'number' ? options.low : GOODS_LOW_STOCK;
  const [status, label] = quantity <= 0 ? (['error', t('stockOut')] as const) : quantity <= low ? (['warning', t('stockLow')] as const) : (['success', t('stockEnough')] as const);
  return <Badge status={status} text={`${formatNumber(quantity)} · ${label}`} />;
}
